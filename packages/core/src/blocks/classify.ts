import type { HtmlDocument } from '../content/dom/parse.js';
import {
  CAPTCHA_WIDGETS,
  CHALLENGES_ANSWERING_429,
  CONSENT_MANAGERS,
  CONSENT_TEXT,
  GOOGLE_CONSENT,
  HUMAN_CHECK_TEXT,
  LOADING_TEXT,
  LOGIN_PATH,
  LOGIN_TEXT,
  NEEDS_JAVASCRIPT_TEXT,
  NOT_FOUND_TEXT,
  PARKING_MARKERS,
  RATE_LIMIT_TEXT,
  TITLE_SEPARATOR,
  VENDOR_MARKERS,
  type BlockKind,
  type Marker,
  type VendorMarkers,
} from './markers.js';
import { hasClass, MAIN_TEXT_CAP, readPageSignals, type PageSignals } from './page-signals.js';

/** What the classifier found: the kind of block page, whose it is, and the markers that say so. */
export interface BlockVerdict {
  kind: BlockKind;
  /** The vendor or product (`cloudflare`, `onetrust`, `recaptcha`…), or `generic` when no one's markup says. */
  vendor: string;
  /** The markers found, as a person would look for them (`header cf-mitigated: challenge`, `title "Just a moment..."`). */
  evidence: string[];
}

/** The response a page came with, and the URL it was asked for. */
export interface PageResponse {
  status: number;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  /** The final URL, after redirects. */
  url: string;
  /** The URL as asked for (differs from `url` after a redirect). */
  sourceURL: string;
}

/** A page with less text of its own than this may be a block page; more, and no marker makes it one. */
export const LITTLE_TEXT = MAIN_TEXT_CAP;
/** A consent wall leaves less than this outside its banner and the page's landmarks. */
const CONSENT_WALL_TEXT = 500;
/** An app shell has less prose than this where its content should be. */
const APP_SHELL_PROSE = 200;
/** With only a noscript notice for evidence, an app shell has less prose than this. */
const NOTICE_ONLY_PROSE = 50;
/** A login form in place of the page leaves less than this. */
const LOGIN_WALL_TEXT = 1_000;
/** A not-found page whose heading does not say so has less than this. */
const SOFT_404_TEXT = 1_000;
const MAX_EVIDENCE = 6;
/** How much of an inline script is searched for markers (challenge scripts set their options first). */
const INLINE_SCRIPT_CHARS = 50_000;

/**
 * Whether a parsed page is a block page rather than the page asked for: an anti-bot challenge,
 * a captcha, a WAF's refusal, a rate limit, a consent or login wall, a soft 404, a parked domain,
 * or an app shell whose content is not rendered. One walk over the page (page-signals.ts) plus
 * its status and headers; pure. Keys on a vendor's own markup on a page with little text of its
 * own, never on words alone: a news story about Cloudflare has text of its own.
 */
export function classifyBlockPage(document: HtmlDocument, response: PageResponse): BlockVerdict | undefined {
  return classifySignals(readPageSignals(document), response);
}

export function classifySignals(signals: PageSignals, response: PageResponse): BlockVerdict | undefined {
  const page = new MarkerReader(signals, response);
  const little = signals.complete;
  if (little) {
    const vendor = strongest(VENDOR_MARKERS, page);
    if (vendor) return vendor;
  }
  if (response.status === 429) return rateLimit(page, little);
  if (!little) return undefined;
  return (
    captchaWall(page, response) ??
    rateLimitPage(signals) ??
    consentWall(page, response) ??
    loginWall(signals, response) ??
    parked(page) ??
    softNotFound(signals, response) ??
    appShell(signals)
  );
}

/** The vendor whose markers weigh most, when they weigh 2 or more. */
function strongest(vendors: readonly VendorMarkers[], page: MarkerReader): BlockVerdict | undefined {
  let best: (BlockVerdict & { score: number }) | undefined;
  for (const vendor of vendors) {
    const found = page.score(vendor.markers);
    if (found.score < 2 || (best && found.score <= best.score)) continue;
    best = { kind: found.kind ?? vendor.kind, vendor: vendor.vendor, evidence: found.evidence, score: found.score };
  }
  if (!best) return undefined;
  const { score, ...verdict } = best;
  void score;
  return verdict;
}

/** A 429: a challenge when a vendor that challenges with 429 left its markers, else the rate limit of whichever vendor's are there. */
function rateLimit(page: MarkerReader, little: boolean): BlockVerdict {
  for (const vendor of CHALLENGES_ANSWERING_429) {
    const found = page.score(vendor.markers);
    if (found.score > 0) return { kind: vendor.kind, vendor: vendor.vendor, evidence: ['status 429', ...found.evidence] };
  }
  const hint = little ? hintedVendor(page) : undefined;
  return { kind: 'rate-limit', vendor: hint ?? 'generic', evidence: ['status 429'] };
}

function hintedVendor(page: MarkerReader): string | undefined {
  let best: { vendor: string; score: number } | undefined;
  for (const vendor of VENDOR_MARKERS) {
    const { score } = page.score(vendor.markers);
    if (score > 0 && (!best || score > best.score)) best = { vendor: vendor.vendor, score };
  }
  return best?.vendor;
}

/** A captcha widget on a page asking to prove one is human, or answering an error status. */
function captchaWall(page: MarkerReader, response: PageResponse): BlockVerdict | undefined {
  const { signals } = page;
  const plea = HUMAN_CHECK_TEXT.exec(signals.title) ?? HUMAN_CHECK_TEXT.exec(signals.heading) ?? HUMAN_CHECK_TEXT.exec(signals.text);
  const refused = response.status === 403 || response.status === 429 || response.status === 503;
  for (const widget of CAPTCHA_WIDGETS) {
    const found = page.score(widget.markers);
    if (found.score === 0 || (!plea && !refused)) continue;
    const evidence = [...found.evidence, plea ? `text "${plea[0]}"` : `status ${response.status}`];
    return { kind: 'captcha', vendor: widget.vendor, evidence };
  }
  // Google's "unusual traffic" page carries its captcha in a form of its own.
  if (plea && /unusual traffic/i.test(plea[0]) && signals.mainText < LITTLE_TEXT / 2) {
    return { kind: 'captcha', vendor: 'google', evidence: [`text "${plea[0]}"`] };
  }
  return undefined;
}

/** A page whose title or heading says the client sent too many requests. */
function rateLimitPage(signals: PageSignals): BlockVerdict | undefined {
  const said = RATE_LIMIT_TEXT.exec(signals.title) ?? RATE_LIMIT_TEXT.exec(signals.heading);
  if (!said) return undefined;
  return { kind: 'rate-limit', vendor: 'generic', evidence: [`${RATE_LIMIT_TEXT.test(signals.title) ? 'title' : 'heading'} "${said[0]}"`] };
}

/** Google's consent interstitial, or a consent manager's banner with next to nothing else on the page. */
function consentWall(page: MarkerReader, response: PageResponse): BlockVerdict | undefined {
  const { signals } = page;
  const host = hostOf(response.url);
  const googleForm = signals.resources.find((resource) => GOOGLE_CONSENT.formAction.test(resource));
  if ((host && GOOGLE_CONSENT.hosts.test(host)) || googleForm) {
    const evidence = [googleForm ? `form ${googleForm}` : `host ${host}`];
    if (GOOGLE_CONSENT.title.test(signals.title)) evidence.push(`title "${signals.title}"`);
    return { kind: 'consent-wall', vendor: 'google', evidence };
  }
  if (signals.mainText >= CONSENT_WALL_TEXT) return undefined;
  const banner = signals.consentContainers.find((container) => CONSENT_TEXT.test(container.text));
  if (!banner) return undefined;
  const manager = strongest(CONSENT_MANAGERS, page);
  return {
    kind: 'consent-wall',
    vendor: manager?.vendor ?? 'generic',
    evidence: [...(manager?.evidence ?? []), `${signals.mainText} characters outside the banner`],
  };
}

/** A sign-in form in place of the page: after a redirect to a sign-in URL, behind a 401, or a form the title asks to fill. */
function loginWall(signals: PageSignals, response: PageResponse): BlockVerdict | undefined {
  const askedForLogin = LOGIN_PATH.test(pathOf(response.sourceURL));
  if (askedForLogin) return undefined;
  const challenge = response.headers['www-authenticate'];
  if (response.status === 401 && challenge)
    return { kind: 'login-wall', vendor: 'http-auth', evidence: [`status 401, www-authenticate ${challenge.split(/[\s,]/)[0]}`] };
  if (signals.mainText >= LOGIN_WALL_TEXT) return undefined;
  const said = LOGIN_TEXT.exec(signals.title) ?? LOGIN_TEXT.exec(signals.heading);
  const landed = pathOf(response.url);
  if (response.url !== response.sourceURL && LOGIN_PATH.test(landed) && (signals.passwordInputs > 0 || said)) {
    return {
      kind: 'login-wall',
      vendor: 'generic',
      evidence: [`redirected to ${landed}`, signals.passwordInputs ? 'a password field' : `"${said?.[0]}"`],
    };
  }
  if (signals.passwordInputs > 0 && said) return { kind: 'login-wall', vendor: 'generic', evidence: [`"${said[0]}"`, 'a password field'] };
  return undefined;
}

function parked(page: MarkerReader): BlockVerdict | undefined {
  const found = page.score(PARKING_MARKERS);
  return found.score >= 2 ? { kind: 'parked', vendor: 'generic', evidence: found.evidence } : undefined;
}

/** A success status on a page whose title (or heading) says only "not found". */
function softNotFound(signals: PageSignals, response: PageResponse): BlockVerdict | undefined {
  if (response.status < 200 || response.status >= 300) return undefined;
  if (/\b404\b|not-?found/i.test(pathOf(response.sourceURL))) return undefined;
  const title = signals.title.split(TITLE_SEPARATOR).find((part) => NOT_FOUND_TEXT.test(part));
  const heading = NOT_FOUND_TEXT.test(signals.heading) ? signals.heading : undefined;
  const small = signals.mainText < SOFT_404_TEXT;
  if (!((title && (heading || small)) || (heading && small))) return undefined;
  const evidence = [`status ${response.status}`];
  if (title) evidence.push(`title "${signals.title}"`);
  if (heading) evidence.push(`heading "${heading}"`);
  return { kind: 'soft-404', vendor: 'generic', evidence };
}

/** A page with scripts and next to no prose where its content should be: an empty or loading app root, a loading main region, a noscript asking for JavaScript. */
function appShell(signals: PageSignals): BlockVerdict | undefined {
  if (signals.scripts === 0 || signals.mainProse >= APP_SHELL_PROSE) return undefined;
  // Content in a <noscript> (Flarum serves its posts so) is there for a client without JavaScript.
  if (signals.noscript.some((text) => text.length >= APP_SHELL_PROSE)) return undefined;
  const evidence: string[] = [];
  for (const root of signals.appRoots) {
    if (!root.text) evidence.push(`empty #${root.id}`);
    else if (LOADING_TEXT.test(root.text)) evidence.push(`#${root.id} says "${root.text}"`);
  }
  if (signals.mainRegion !== undefined && LOADING_TEXT.test(signals.mainRegion)) evidence.push(`main region says "${signals.mainRegion}"`);
  const notice = signals.noscript.find((text) => NEEDS_JAVASCRIPT_TEXT.test(text));
  // Many small pages that render fine keep a "please enable JavaScript" notice: alone, it needs a page with next to no prose.
  if (notice && (evidence.length > 0 || signals.mainProse < NOTICE_ONLY_PROSE)) evidence.push(`noscript "${notice.slice(0, 80)}"`);
  if (!evidence.length) return undefined;
  evidence.push(`${signals.mainProse} characters of prose outside header, navigation and footer`);
  return { kind: 'app-shell', vendor: 'javascript', evidence };
}

/** Matches markers against one page's signals, its status and headers; reads inline scripts only when asked. */
class MarkerReader {
  private idSet: Set<string> | undefined;
  private scriptTexts: string[] | undefined;
  private lowerResources: string[] | undefined;

  constructor(
    readonly signals: PageSignals,
    private readonly response: PageResponse,
  ) {}

  /** The summed weight of the markers found (each counted once), the kind of the heaviest that names one, and what was found. */
  score(markers: readonly Marker[]): { score: number; kind: BlockKind | undefined; evidence: string[] } {
    let score = 0;
    let kind: BlockKind | undefined;
    let kindWeight = 0;
    const evidence: string[] = [];
    for (const marker of markers) {
      const found = this.find(marker);
      if (found === undefined) continue;
      score += marker.weight;
      if (evidence.length < MAX_EVIDENCE) evidence.push(found);
      if (marker.kind && marker.weight > kindWeight) {
        kind = marker.kind;
        kindWeight = marker.weight;
      }
    }
    return { score, kind, evidence };
  }

  /** What the marker found, worded as evidence; undefined when it is not on the page. */
  private find(marker: Marker): string | undefined {
    const { signals } = this;
    switch (marker.place) {
      case 'header': {
        const name = String(marker.match);
        const value = this.response.headers[name];
        if (value === undefined || (marker.value && !marker.value.test(value))) return undefined;
        return `header ${name}: ${value.slice(0, 60)}`;
      }
      case 'cookie': {
        const cookies = this.response.headers['set-cookie'];
        const name = String(marker.match);
        return cookies && new RegExp(`(?:^|[,;]\\s*)${escapeRegExp(name)}`, 'i').test(cookies) ? `cookie ${name}` : undefined;
      }
      case 'resource': {
        this.lowerResources ??= signals.resources.map((resource) => resource.toLowerCase());
        const { match } = marker;
        const at =
          typeof match === 'string'
            ? this.lowerResources.findIndex((resource) => resource.includes(match.toLowerCase()))
            : signals.resources.findIndex((resource) => match.test(resource));
        return at < 0 ? undefined : `resource ${signals.resources[at]!.slice(0, 100)}`;
      }
      case 'inline-script': {
        // Script names are case-sensitive: matched as written, without copying each script in lower case.
        const { match } = marker;
        const found = this.inlineScripts().some((text) => (typeof match === 'string' ? text.includes(match) : match.test(text)));
        return found ? `script ${label(match)}` : undefined;
      }
      case 'id': {
        const id = String(marker.match);
        if (id.endsWith('*')) return signals.ids.some((own) => own.startsWith(id.slice(0, -1))) ? `element #${id}` : undefined;
        this.idSet ??= new Set(signals.ids);
        return this.idSet.has(id) ? `element #${id}` : undefined;
      }
      case 'class': {
        const name = String(marker.match);
        return signals.classes.some((own) => hasClass(own, name)) ? `element .${name}` : undefined;
      }
      case 'title': {
        const found = exec(marker.match, signals.title);
        return found === undefined ? undefined : `title "${signals.title.slice(0, 80)}"`;
      }
      case 'text': {
        const found = exec(marker.match, signals.text);
        return found === undefined ? undefined : `text "${found.slice(0, 80)}"`;
      }
    }
  }

  private inlineScripts(): string[] {
    this.scriptTexts ??= this.signals.inlineScripts.map((script) => (script.textContent ?? '').slice(0, INLINE_SCRIPT_CHARS));
    return this.scriptTexts;
  }
}

/** The matched text, or undefined. */
function exec(match: string | RegExp, text: string): string | undefined {
  if (typeof match === 'string') {
    const at = text.toLowerCase().indexOf(match.toLowerCase());
    return at < 0 ? undefined : text.slice(at, at + match.length);
  }
  return match.exec(text)?.[0];
}

function label(match: string | RegExp): string {
  return typeof match === 'string' ? match : match.source.replace(/\\/g, '').slice(0, 40);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
