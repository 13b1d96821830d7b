/**
 * The vocabulary of block pages: what anti-bot vendors, consent managers, parking services and
 * not-found pages put in the pages they answer with, from the vendors' public markup (response
 * headers, cookie names, script paths, element ids, titles and texts). The classifier
 * (classify.ts) and the browser adapter (which waits for a challenge to clear and dismisses a
 * consent wall) both read it from here, so a new vendor is one entry in this file.
 *
 * A marker alone proves nothing: many sit on every page a vendor protects (a bot-manager's
 * sensor script, a consent manager's banner, a captcha in a contact form). Markers carry a
 * weight: 2 is what only the block page carries, 1 is a hint. A vendor fires when its weights
 * add up to 2 on a page with little text of its own (classify.ts).
 */

/** What a block page is. */
export type BlockKind =
  /** A JavaScript challenge that a real browser passes by itself ("Just a moment…"). */
  | 'challenge'
  /** A captcha a person would have to solve. */
  | 'captcha'
  /** The site refuses the client outright (a WAF's "Access denied"). */
  | 'access-denied'
  /** Too many requests: HTTP 429 or a page saying so. */
  | 'rate-limit'
  /** A consent manager's wall in place of the page, until a button is clicked. */
  | 'consent-wall'
  /** A sign-in form in place of the page. */
  | 'login-wall'
  /** A "page not found" served with a success status. */
  | 'soft-404'
  /** A domain parked by a registrar or a parking service, or listed for sale. */
  | 'parked'
  /** A JavaScript application whose content is not rendered yet: header, footer and an empty root. */
  | 'app-shell';

export const BLOCK_KINDS: readonly BlockKind[] = [
  'challenge',
  'captcha',
  'access-denied',
  'rate-limit',
  'consent-wall',
  'login-wall',
  'soft-404',
  'parked',
  'app-shell',
];

/** Where a marker is looked for. */
export type MarkerPlace =
  /** A response header: `name` and a pattern its value matches. */
  | 'header'
  /** A cookie the response sets (its name starts with the text). */
  | 'cookie'
  /** A `<script src>`, `<iframe src>` or `<form action>` containing the text. */
  | 'resource'
  /** The text of an inline `<script>`. */
  | 'inline-script'
  /** An element's id (exact, or its start when the text ends with `*`). */
  | 'id'
  /** A class of an element. */
  | 'class'
  /** The page's `<title>`. */
  | 'title'
  /** The page's visible text. */
  | 'text';

export interface Marker {
  place: MarkerPlace;
  /** Text to find (case-insensitive), or a pattern. For `header`, the header's name. */
  match: string | RegExp;
  /** For `header`: a pattern the value must match (default: any value). */
  value?: RegExp;
  /** 2: only the block page carries it; 1: a hint (also on pages the vendor lets through). */
  weight: 1 | 2;
  /** The kind this marker shows, when it differs from the vendor's usual one (a vendor's block page beside its challenge). */
  kind?: BlockKind;
}

export interface VendorMarkers {
  vendor: string;
  /** What the vendor's page usually is. */
  kind: BlockKind;
  markers: Marker[];
}

/**
 * Anti-bot vendors and WAFs. The vendor with the greatest weight wins; its page's kind is the
 * kind of its heaviest marker that names one, else the vendor's.
 */
export const VENDOR_MARKERS: readonly VendorMarkers[] = [
  {
    vendor: 'cloudflare',
    kind: 'challenge',
    markers: [
      { place: 'header', match: 'cf-mitigated', value: /challenge/i, weight: 2 },
      { place: 'header', match: 'server', value: /^cloudflare/i, weight: 1 },
      { place: 'inline-script', match: '_cf_chl_opt', weight: 2 },
      { place: 'resource', match: '/cdn-cgi/challenge-platform/h/', weight: 2 },
      { place: 'resource', match: '/cdn-cgi/challenge-platform/', weight: 1 },
      { place: 'id', match: 'challenge-form', weight: 2 },
      { place: 'id', match: 'challenge-running', weight: 2 },
      { place: 'id', match: 'challenge-stage', weight: 2 },
      { place: 'id', match: 'cf-challenge-running', weight: 2 },
      { place: 'id', match: 'cf-please-wait', weight: 2 },
      { place: 'id', match: 'cf-error-details', weight: 2, kind: 'access-denied' },
      { place: 'id', match: 'cf-wrapper', weight: 1 },
      { place: 'class', match: 'cf-browser-verification', weight: 2 },
      { place: 'class', match: 'cf-error-overview', weight: 2, kind: 'access-denied' },
      { place: 'title', match: /^\s*just a moment(\.\.\.|…)?\s*$/i, weight: 2 },
      { place: 'title', match: /^\s*attention required! \| cloudflare/i, weight: 2, kind: 'captcha' },
      { place: 'title', match: /used cloudflare to restrict access/i, weight: 2, kind: 'access-denied' },
      { place: 'text', match: /checking (if the site connection is secure|your browser before accessing)/i, weight: 2 },
      { place: 'text', match: /needs to review the security of your connection before proceeding/i, weight: 2 },
      { place: 'text', match: /sorry, you have been blocked/i, weight: 2, kind: 'access-denied' },
      { place: 'text', match: /you are being rate limited/i, weight: 2, kind: 'rate-limit' },
      { place: 'text', match: /cloudflare ray id/i, weight: 1 },
      { place: 'text', match: /performance (&|and) security by cloudflare/i, weight: 1 },
    ],
  },
  {
    vendor: 'akamai',
    kind: 'access-denied',
    markers: [
      { place: 'header', match: 'server', value: /akamaighost/i, weight: 1 },
      { place: 'header', match: 'akamai-grn', weight: 1 },
      { place: 'title', match: /^\s*access denied\s*$/i, weight: 1 },
      { place: 'text', match: /you don['’]t have permission to access .{0,300} on this server/i, weight: 1 },
      { place: 'text', match: /reference\s*#\s*\d+\.[0-9a-f]+\.\d+\.[0-9a-f]+/i, weight: 2 },
      { place: 'resource', match: 'errors.edgesuite.net', weight: 2 },
      { place: 'resource', match: '/_sec/cp_challenge/', weight: 2, kind: 'challenge' },
      { place: 'id', match: 'sec-if-container', weight: 2, kind: 'challenge' },
      { place: 'id', match: 'sec-cpt-if', weight: 2, kind: 'challenge' },
    ],
  },
  {
    vendor: 'perimeterx',
    kind: 'captcha',
    markers: [
      { place: 'id', match: 'px-captcha', weight: 2 },
      { place: 'id', match: 'px-captcha-wrapper', weight: 2 },
      { place: 'inline-script', match: '_pxAppId', weight: 1 },
      { place: 'inline-script', match: '_pxJsClientSrc', weight: 1 },
      { place: 'resource', match: 'captcha.px-cdn.net', weight: 2 },
      { place: 'resource', match: 'client.perimeterx.net', weight: 1 },
      { place: 'title', match: /^\s*access to this page has been denied\.?\s*$/i, weight: 1 },
      { place: 'text', match: /press (&|and) hold to confirm you are/i, weight: 2 },
    ],
  },
  {
    vendor: 'datadome',
    kind: 'captcha',
    markers: [
      { place: 'header', match: 'x-datadome', weight: 1 },
      { place: 'header', match: 'x-dd-b', weight: 2 },
      { place: 'cookie', match: 'datadome', weight: 1 },
      { place: 'resource', match: 'captcha-delivery.com', weight: 2 },
      { place: 'resource', match: 'js.datadome.co', weight: 1 },
      { place: 'inline-script', match: /\bvar dd\s*=\s*\{\s*['"]rt['"]/, weight: 2 },
    ],
  },
  {
    vendor: 'imperva',
    kind: 'access-denied',
    markers: [
      { place: 'resource', match: '_Incapsula_Resource', weight: 1 },
      { place: 'cookie', match: 'incap_ses_', weight: 1 },
      { place: 'cookie', match: 'visid_incap_', weight: 1 },
      { place: 'header', match: 'x-iinfo', weight: 1 },
      { place: 'header', match: 'x-cdn', value: /imperva|incapsula/i, weight: 1 },
      { place: 'text', match: /request unsuccessful\. incapsula incident id/i, weight: 2 },
      { place: 'text', match: /incapsula incident id/i, weight: 2 },
      { place: 'text', match: /this request was blocked by (our|the) security service/i, weight: 1 },
    ],
  },
  {
    vendor: 'aws-waf',
    kind: 'challenge',
    markers: [
      { place: 'header', match: 'x-amzn-waf-action', value: /challenge/i, weight: 2 },
      { place: 'header', match: 'x-amzn-waf-action', value: /captcha/i, weight: 2, kind: 'captcha' },
      { place: 'header', match: 'x-amzn-waf-action', value: /block/i, weight: 2, kind: 'access-denied' },
      { place: 'resource', match: 'token.awswaf.com', weight: 1 },
      { place: 'resource', match: 'captcha.awswaf.com', weight: 2, kind: 'captcha' },
      { place: 'inline-script', match: 'gokuProps', weight: 2 },
      { place: 'inline-script', match: 'AwsWafIntegration', weight: 1 },
      { place: 'id', match: 'captcha-container', weight: 1, kind: 'captcha' },
      { place: 'text', match: /the request could not be satisfied/i, weight: 1, kind: 'access-denied' },
      { place: 'text', match: /generated by cloudfront/i, weight: 1, kind: 'access-denied' },
    ],
  },
  {
    vendor: 'sucuri',
    kind: 'access-denied',
    markers: [
      { place: 'header', match: 'x-sucuri-id', weight: 1 },
      { place: 'header', match: 'x-sucuri-block', weight: 2 },
      { place: 'header', match: 'server', value: /sucuri/i, weight: 1 },
      { place: 'title', match: /sucuri website firewall/i, weight: 2 },
      { place: 'text', match: /sucuri website firewall/i, weight: 1 },
      { place: 'inline-script', match: 'sucuri_cloudproxy', weight: 2, kind: 'challenge' },
      { place: 'resource', match: 'cdn.sucuri.net', weight: 1 },
    ],
  },
  {
    vendor: 'ddos-guard',
    kind: 'challenge',
    markers: [
      { place: 'header', match: 'server', value: /ddos-guard/i, weight: 1 },
      { place: 'title', match: /^\s*ddos-guard\s*$/i, weight: 2 },
      { place: 'resource', match: 'check.ddos-guard.net', weight: 2 },
    ],
  },
];

/**
 * Vendors whose challenge answers HTTP 429, and whose scripts also load on the pages they let
 * through: read only on a 429, where any of their markers makes it their challenge rather than
 * a rate limit.
 */
export const CHALLENGES_ANSWERING_429: readonly VendorMarkers[] = [
  {
    vendor: 'kasada',
    kind: 'challenge',
    markers: [
      { place: 'header', match: 'x-kpsdk-ct', weight: 1 },
      { place: 'header', match: 'x-kpsdk-cd', weight: 1 },
      { place: 'header', match: 'x-kpsdk-r', weight: 1 },
      { place: 'inline-script', match: 'KPSDK', weight: 1 },
      { place: 'resource', match: /\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/(ips|p)\.js/i, weight: 1 },
    ],
  },
];

/** Captcha widgets any site can put on a page: a wall when the page is the widget and a plea to solve it. */
export const CAPTCHA_WIDGETS: readonly VendorMarkers[] = [
  {
    vendor: 'recaptcha',
    kind: 'captcha',
    markers: [
      { place: 'resource', match: /(google|recaptcha)\.(com|net)\/recaptcha\//i, weight: 1 },
      { place: 'class', match: 'g-recaptcha', weight: 1 },
    ],
  },
  {
    vendor: 'hcaptcha',
    kind: 'captcha',
    markers: [
      { place: 'resource', match: 'hcaptcha.com/1/api.js', weight: 1 },
      { place: 'class', match: 'h-captcha', weight: 1 },
    ],
  },
  {
    vendor: 'turnstile',
    kind: 'captcha',
    markers: [
      { place: 'resource', match: 'challenges.cloudflare.com/turnstile', weight: 1 },
      { place: 'class', match: 'cf-turnstile', weight: 1 },
    ],
  },
];

/** What a page asking the visitor to prove they are human says (its title or its text). */
export const HUMAN_CHECK_TEXT =
  /\b(verify(ing)? (that )?you( a|')re (a )?human|are you (a )?(human|robot)|(i'm|i am) not a robot|confirm (that )?you are (a )?human|complete the (security check|captcha)|solve (the|this) (captcha|puzzle)|bot (check|verification)|human verification|security check to access|unusual traffic from your (computer )?network)\b/i;

/** A page saying the client sends too many requests (the HTML of a 429, or a 200/503 saying it). */
export const RATE_LIMIT_TEXT =
  /\b(too many requests|rate limit(ed| exceeded| reached)?|you are being rate limited|request limit (exceeded|reached)|slow down,? you['’]re making too many requests)\b/i;

/** Consent managers (IAB TCF CMPs and the common others): the containers of their banners and walls, and their scripts. */
export const CONSENT_MANAGERS: readonly VendorMarkers[] = [
  {
    vendor: 'onetrust',
    kind: 'consent-wall',
    markers: [
      { place: 'id', match: 'onetrust-consent-sdk', weight: 2 },
      { place: 'id', match: 'onetrust-banner-sdk', weight: 2 },
      { place: 'resource', match: 'cdn.cookielaw.org', weight: 1 },
    ],
  },
  {
    vendor: 'quantcast',
    kind: 'consent-wall',
    markers: [
      { place: 'id', match: 'qc-cmp2-container', weight: 2 },
      { place: 'class', match: 'qc-cmp2-container', weight: 2 },
      { place: 'id', match: 'qcCmpUi', weight: 2 },
      { place: 'resource', match: 'cmp.quantcast.com', weight: 1 },
    ],
  },
  {
    vendor: 'didomi',
    kind: 'consent-wall',
    markers: [
      { place: 'id', match: 'didomi-host', weight: 2 },
      { place: 'id', match: 'didomi-popup', weight: 2 },
      { place: 'resource', match: 'sdk.privacy-center.org', weight: 1 },
    ],
  },
  {
    vendor: 'sourcepoint',
    kind: 'consent-wall',
    markers: [
      { place: 'id', match: 'sp_message_container_*', weight: 2 },
      { place: 'resource', match: 'privacy-mgmt.com', weight: 1 },
    ],
  },
  {
    vendor: 'trustarc',
    kind: 'consent-wall',
    markers: [
      { place: 'id', match: 'truste-consent-track', weight: 2 },
      { place: 'id', match: 'trustarc-banner-overlay', weight: 2 },
      { place: 'resource', match: 'consent.trustarc.com', weight: 1 },
    ],
  },
  {
    vendor: 'cookiebot',
    kind: 'consent-wall',
    markers: [
      { place: 'id', match: 'CybotCookiebotDialog', weight: 2 },
      { place: 'resource', match: 'consent.cookiebot.com', weight: 1 },
    ],
  },
  {
    vendor: 'usercentrics',
    kind: 'consent-wall',
    markers: [
      { place: 'id', match: 'usercentrics-root', weight: 2 },
      { place: 'resource', match: 'usercentrics.eu', weight: 1 },
    ],
  },
  {
    vendor: 'google-funding-choices',
    kind: 'consent-wall',
    markers: [
      { place: 'class', match: 'fc-consent-root', weight: 2 },
      { place: 'resource', match: 'fundingchoicesmessages.google.com', weight: 1 },
    ],
  },
  {
    vendor: 'consentmanager',
    kind: 'consent-wall',
    markers: [
      { place: 'id', match: 'cmpbox', weight: 2 },
      { place: 'resource', match: 'consentmanager.net', weight: 1 },
    ],
  },
];

/** Google's own consent interstitial ("Before you continue to Google"): its hosts and the form it posts. */
export const GOOGLE_CONSENT = {
  hosts: /^consent\.(google|youtube)\.[a-z.]+$/i,
  formAction: /\/\/consent\.(google|youtube)\.[a-z.]+\/save/i,
  title: /^\s*before you continue( to (google|youtube)[^<]*)?\s*$/i,
} as const;

/** What a consent banner talks about: its container holding none of these is something else. */
export const CONSENT_TEXT =
  /\b(cookies?|consent|privacy|partners|personal data|datenschutz|einwilligung|confidentialité|consentimiento)\b/i;

/**
 * Where a consent manager puts its buttons, reject first: a wall is dismissed by refusing when
 * the manager offers it, by accepting otherwise (the page is read either way). The browser tries
 * these in order, in the page and in its frames (Sourcepoint's message is an iframe).
 */
export const CONSENT_CONTROLS = {
  reject: [
    '#onetrust-reject-all-handler',
    '#didomi-notice-disagree-button',
    '.qc-cmp2-summary-buttons button[mode="secondary"]',
    '#CybotCookiebotDialogBodyButtonDecline',
    'button.sp_choice_type_13',
    'button[title="Reject All" i]',
    'button[title="Reject all" i]',
    '[data-testid="uc-deny-all-button"]',
    '.fc-cta-do-not-consent',
  ],
  accept: [
    '#onetrust-accept-btn-handler',
    '#didomi-notice-agree-button',
    '.qc-cmp2-summary-buttons button[mode="primary"]',
    '#CybotCookiebotDialogBodyButtonAccept',
    'button.sp_choice_type_11',
    'button[title="Accept All" i]',
    'button[title="Accept all" i]',
    '[data-testid="uc-accept-all-button"]',
    '.fc-cta-consent',
  ],
  /** A button (or submit input) whose whole text says so, inside a consent container or Google's consent form. */
  rejectText: /^\s*(reject all|reject|decline all|decline|refuse all|deny all|alle ablehnen|tout refuser|rechazar todo)\s*$/i,
  acceptText: /^\s*(accept all|accept|i agree|agree|allow all|alle akzeptieren|tout accepter|aceptar todo)\s*$/i,
} as const;

/** Paths of sign-in pages: a page redirected to one, from a URL that is not one, is a login wall. */
export const LOGIN_PATH =
  /\/(log-?in|sign-?in|sign_in|signon|auth|authenticate|sso|session\/new|account\/login|users\/sign_in|servicelogin|oauth2?\/authorize)(?:\/|\.\w+)?$/i;

/** A title or heading asking the visitor to sign in. */
export const LOGIN_TEXT =
  /\b((please )?(log|sign) ?in( to (continue|view|access|read|see))?|you (must|need to) (be )?(logged|signed) in|login required|members only|subscribers only)\b/i;

/** Parking services and domain marketplaces: their scripts, frames and forms, and what their pages say. */
export const PARKING_MARKERS: readonly Marker[] = [
  { place: 'resource', match: 'img1.wsimg.com/parking-lander', weight: 2 },
  { place: 'resource', match: 'parkingcrew.net', weight: 2 },
  { place: 'resource', match: 'sedoparking.com', weight: 2 },
  { place: 'resource', match: 'bodis.com', weight: 2 },
  { place: 'resource', match: 'parklogic.com', weight: 2 },
  { place: 'resource', match: 'above.com/marketplace', weight: 2 },
  { place: 'resource', match: 'afternic.com', weight: 1 },
  { place: 'resource', match: 'dan.com', weight: 1 },
  { place: 'resource', match: 'hugedomains.com', weight: 1 },
  { place: 'resource', match: 'sedo.com', weight: 1 },
  { place: 'inline-script', match: /\bwindow\.park\s*=/, weight: 2 },
  { place: 'text', match: /\b(this|the) domain( name)?( [a-z0-9.-]+)? (is|may be) for sale\b/i, weight: 2 },
  { place: 'text', match: /\bbuy this domain\b/i, weight: 2 },
  { place: 'text', match: /\b(this )?(domain|web ?page|website) is parked\b/i, weight: 2 },
  { place: 'text', match: /\bparked free,? courtesy of\b/i, weight: 2 },
  { place: 'text', match: /\brelated searches\b/i, weight: 1 },
  { place: 'title', match: /\b(domain )?for sale\b/i, weight: 1 },
];

/**
 * A title part or heading that says only "not found", in the languages of the dev sets. A part
 * is what a title holds between its separators ("Page not found | Example" has two).
 */
export const NOT_FOUND_TEXT =
  /^\s*(error\s*)?(404|not found|(the )?(page|file|content|article|post|product|resource)( you (are|were) looking for| you requested)? (was )?(not found|could ?n[o'’]t be found|does ?n[o'’]t exist|no longer exists|is no longer available|cannot be found)|(404|error)\W+(page )?not found|page introuvable|seite nicht gefunden|página no encontrada|pagina non trovata|pagina niet gevonden|ページが見つかりません|页面不存在|oops!?,? (that )?page (can['’]?t|cannot) be found)\W*(\(?404\)?)?\s*$/i;

/** Separators between a title's parts ("Not found – Site"). */
export const TITLE_SEPARATOR = /\s[|–—\-:·•»]\s|\s*\|\s*/;

/** Roots single-page-app frameworks mount into. */
export const APP_ROOT_IDS: readonly string[] = [
  'root',
  'app',
  '__next',
  '__nuxt',
  '___gatsby',
  'svelte',
  'q-app',
  'ember-app',
  'main-app',
  'app-root',
];

/** The whole text of a loading placeholder: an app root or main region saying only this is not rendered yet. */
export const LOADING_TEXT =
  /^\s*(loading|please wait|one moment|chargement|wird geladen|lädt|cargando|caricamento|carregando|laden)\s*(\.\.\.|…|\.)?\s*$/i;

/** A `<noscript>` saying the page needs JavaScript. */
export const NEEDS_JAVASCRIPT_TEXT =
  /\b(enable|turn on|requires?|need(s)? to enable|must (enable|have)|without)\b[^.]{0,40}\bjavascript\b|\bjavascript\b[^.]{0,40}\b(required|disabled|enabled|needed)\b/i;

/**
 * What a browser checks in a live page to tell that a JavaScript challenge is still running
 * (and so to wait for the reload that ends it), derived from the vendors' challenge markers
 * above: their titles (pattern sources), the globals their inline scripts set, their element ids.
 */
export interface ChallengeSigns {
  titles: string[];
  globals: string[];
  ids: string[];
}

export function challengeSigns(): ChallengeSigns {
  const signs: ChallengeSigns = { titles: [], globals: [], ids: [] };
  for (const vendor of [...VENDOR_MARKERS, ...CHALLENGES_ANSWERING_429]) {
    for (const marker of vendor.markers) {
      if ((marker.kind ?? vendor.kind) !== 'challenge') continue;
      if (marker.place === 'title' && marker.match instanceof RegExp) signs.titles.push(marker.match.source);
      else if (
        marker.place === 'inline-script' &&
        typeof marker.match === 'string' &&
        marker.weight === 2 &&
        /^[A-Za-z_$][\w$]*$/.test(marker.match)
      )
        signs.globals.push(marker.match);
      else if (marker.place === 'id' && typeof marker.match === 'string' && marker.weight === 2) signs.ids.push(marker.match);
    }
  }
  return signs;
}

/** The selectors of the consent managers' containers (weight-2 ids and classes above), for a browser to find a wall. */
export function consentContainerSelectors(): string[] {
  const selectors: string[] = [];
  for (const { markers } of CONSENT_MANAGERS) {
    for (const marker of markers) {
      if (typeof marker.match !== 'string' || marker.weight !== 2) continue;
      if (marker.place === 'id')
        selectors.push(marker.match.endsWith('*') ? `[id^="${marker.match.slice(0, -1)}"]` : `[id="${marker.match}"]`);
      else if (marker.place === 'class') selectors.push(`.${marker.match}`);
    }
  }
  return selectors;
}
