import type { HtmlDocument } from '../content/dom/parse.js';
import { isWhitespace } from '../content/dom/text.js';
import { ATTRIBUTE_NODE, ELEMENT_NODE, linkedom, TEXT_NODE, type LinkedNode } from '../content/dom/linkedom-internals.js';
import { nextInTree } from '../content/dom/tree-walk.js';
import { APP_ROOT_IDS, CONSENT_MANAGERS } from './markers.js';

/**
 * What the classifier reads of a parsed page, gathered in one walk of its tree. The walk stops
 * once the page's own text passes MAIN_TEXT_CAP: a page with that much text of its own is no
 * block page, and nothing past that point could make it one, so a real page pays for its first
 * few kilobytes of text, not for its whole tree.
 */
export interface PageSignals {
  title: string;
  /** The first `<h1>`'s text, collapsed. */
  heading: string;
  /**
   * Visible text outside the page's landmarks (header, nav, footer, aside and their roles) and
   * outside consent banners, whitespace collapsed: the page's own text, counted up to the cap.
   */
  mainText: number;
  /** The same outside links: prose, not menus. */
  mainProse: number;
  /**
   * Every visible text (landmarks and banners too), collapsed, up to SAMPLE_CHARS: what text
   * markers are matched against. Read only when the walk completes (empty otherwise).
   */
  text: string;
  /** The walk reached the end of the page (its own text stayed under the cap): every list below is whole. */
  complete: boolean;
  ids: string[];
  classes: string[];
  /** `<script src>`, `<iframe src>`, `<form action>` and `<meta http-equiv=refresh>` targets. */
  resources: string[];
  inlineScripts: Element[];
  scripts: number;
  /** Elements whose id names a framework's app root, with their text (collapsed, up to 200 characters). */
  appRoots: Array<{ id: string; text: string }>;
  /** The `<main>` (or `[role=main]`) region's text, collapsed, up to 200 characters; undefined when the page has none. */
  mainRegion: string | undefined;
  noscript: string[];
  passwordInputs: number;
  /** Consent managers' containers (by id or class) with their text (collapsed, up to SAMPLE_CHARS). */
  consentContainers: Array<{ element: Element; text: string }>;
}

/**
 * A page with more text of its own than this is no block page, whatever markers it carries (a
 * block page says a line or two; a story about Cloudflare has paragraphs): the walk stops there.
 */
export const MAIN_TEXT_CAP = 2_000;
/** How much visible text is kept for matching texts. */
const SAMPLE_CHARS = 6_000;
/** How much of an app root's or main region's text is kept (a placeholder is short). */
const SHORT_TEXT = 200;
/** How much of a `<noscript>` is kept: enough to tell a notice from content served to clients without JavaScript. */
const NOSCRIPT_TEXT = 400;

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
const LANDMARKS = new Set(['header', 'nav', 'footer', 'aside']);
const LANDMARK_ROLES = new Set(['banner', 'navigation', 'contentinfo', 'complementary']);
const APP_ROOTS = new Set(APP_ROOT_IDS);
/** A home-made cookie banner's id or class: its text is not the page's either. */
const COOKIE_BANNER = /(cookie|consent|gdpr)[-_]?(banner|bar|notice|popup|wall|message|box|modal|dialog|overlay|container)/i;

/** Consent containers by id, by id prefix (`sp_message_container_*`) and by class, from the vocabulary. */
const CONSENT_IDS = new Set<string>();
const CONSENT_ID_PREFIXES: string[] = [];
const CONSENT_CLASSES: string[] = [];
for (const { markers } of CONSENT_MANAGERS) {
  for (const marker of markers) {
    if (typeof marker.match !== 'string' || marker.weight !== 2) continue;
    if (marker.place === 'id') {
      if (marker.match.endsWith('*')) CONSENT_ID_PREFIXES.push(marker.match.slice(0, -1));
      else CONSENT_IDS.add(marker.match);
    } else if (marker.place === 'class') CONSENT_CLASSES.push(marker.match);
  }
}

interface Walk {
  signals: PageSignals;
  /** Inside a landmark or a consent container: text there is not the page's own. */
  chrome: number;
  link: number;
}

/** Reads the signals of a parsed page (see PageSignals). Pure: the document is not changed. */
export function readPageSignals(document: HtmlDocument): PageSignals {
  const signals: PageSignals = {
    title: '',
    heading: '',
    mainText: 0,
    mainProse: 0,
    text: '',
    complete: true,
    ids: [],
    classes: [],
    resources: [],
    inlineScripts: [],
    scripts: 0,
    appRoots: [],
    mainRegion: undefined,
    noscript: [],
    passwordInputs: 0,
    consentContainers: [],
  };
  const head = document.head;
  if (head) for (let child = head.firstElementChild; child; child = child.nextElementSibling) readHeadElement(child, signals);
  const walk: Walk = { signals, chrome: 0, link: 0 };
  const body = document.body ?? document.documentElement;
  signals.complete = walkTree(body, walk);
  // Texts are matched only on a page small enough to be a block page: read them only then.
  if (signals.complete) signals.text = leadingText(body, SAMPLE_CHARS);
  return signals;
}

/** Scripts, meta refreshes and the base of a page's head (its title is read apart). */
function readHeadElement(element: Element, signals: PageSignals): void {
  const tag = element.localName;
  if (tag === 'script') readScript(element, signals);
  else if (tag === 'title') signals.title ||= leadingText(element, SHORT_TEXT);
  else if (tag === 'meta' && element.getAttribute('http-equiv')?.toLowerCase() === 'refresh') {
    const content = element.getAttribute('content');
    if (content) signals.resources.push(content);
  } else if (tag === 'noscript') signals.noscript.push(leadingText(element, NOSCRIPT_TEXT));
}

function readScript(element: Element, signals: PageSignals): void {
  signals.scripts++;
  const src = element.getAttribute('src');
  if (src) signals.resources.push(src);
  else signals.inlineScripts.push(element);
}

/** What entering an element changes for the text inside it, undone when the walk leaves it. */
interface Region {
  chrome: boolean;
  link: boolean;
}

/** An element whose subtree the walk skips (scripts, styles, templates: no visible text). */
const SKIP = Symbol('skip');

/**
 * Walks the children of `root` in document order, reading each element and counting each text;
 * false once the page's own text passed the cap. On linkedom's linked list when its internals
 * are as expected (no sibling lookups, about half the time), else through the public DOM.
 */
function walkTree(root: Node, walk: Walk): boolean {
  return linkedom ? walkLinked(root as unknown as LinkedNode, walk) : visitChildren(root, walk);
}

function walkLinked(root: LinkedNode, walk: Walk): boolean {
  const { NEXT, END } = linkedom!;
  const end = root[END] as LinkedNode;
  const open: Array<{ end: LinkedNode; region: Region }> = [];
  for (let node = root[NEXT] as LinkedNode; node !== end; node = node[NEXT] as LinkedNode) {
    const type = node.nodeType;
    if (type === TEXT_NODE) {
      if (!readText(node.textContent as string, walk)) return false;
    } else if (type === ELEMENT_NODE) {
      const region = enterElement(node as unknown as Element, walk);
      if (region === SKIP) node = node[END] as LinkedNode;
      else if (region) open.push({ end: node[END] as LinkedNode, region });
    } else if (open.length && open[open.length - 1]!.end === node) {
      leaveRegion(open.pop()!.region, walk);
    }
  }
  return true;
}

/** The public DOM's walk: recursion over children (the parser bounds the depth). */
function visitChildren(parent: Node, walk: Walk): boolean {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE) {
      if (!readText(node.textContent ?? '', walk)) return false;
    } else if (node.nodeType === ELEMENT_NODE) {
      const region = enterElement(node as Element, walk);
      if (region === SKIP) continue;
      const going = visitChildren(node, walk);
      if (region) leaveRegion(region, walk);
      if (!going) return false;
    }
  }
  return true;
}

function leaveRegion(region: Region, walk: Walk): void {
  if (region.chrome) walk.chrome--;
  if (region.link) walk.link--;
}

/** Reads an element's signals; SKIP for a subtree without visible text, the region it opens, or undefined. */
function enterElement(element: Element, walk: Walk): Region | typeof SKIP | undefined {
  const { signals } = walk;
  const tag = element.localName;
  if (SKIPPED.has(tag)) {
    if (tag === 'script') readScript(element, signals);
    else if (tag === 'noscript') signals.noscript.push(leadingText(element, NOSCRIPT_TEXT));
    return SKIP;
  }
  const { id, className, role } = readAttributes(element);
  if (id) signals.ids.push(id);
  if (className) signals.classes.push(className);
  let chrome = LANDMARKS.has(tag) || (role !== null && LANDMARK_ROLES.has(role));
  if (isConsentContainer(id, className)) {
    chrome = true;
    signals.consentContainers.push({ element, text: leadingText(element, SAMPLE_CHARS) });
  } else if (namesCookieBanner(id) || namesCookieBanner(className)) chrome = true;
  if (id && APP_ROOTS.has(id)) signals.appRoots.push({ id, text: leadingText(element, SHORT_TEXT) });
  switch (tag) {
    case 'iframe': {
      const src = element.getAttribute('src');
      if (src) signals.resources.push(src);
      break;
    }
    case 'form': {
      const action = element.getAttribute('action');
      if (action) signals.resources.push(action);
      break;
    }
    case 'input':
      if (element.getAttribute('type')?.toLowerCase() === 'password') signals.passwordInputs++;
      break;
    case 'h1':
      if (!signals.heading) signals.heading = leadingText(element, SHORT_TEXT);
      break;
    case 'main':
      signals.mainRegion ??= leadingText(element, SHORT_TEXT);
      break;
  }
  if (role === 'main' && signals.mainRegion === undefined) signals.mainRegion = leadingText(element, SHORT_TEXT);
  const link = tag === 'a';
  if (!chrome && !link) return undefined;
  if (chrome) walk.chrome++;
  if (link) walk.link++;
  return { chrome, link };
}

interface WalkedAttributes {
  id: string | null;
  className: string | null;
  role: string | null;
}

/**
 * An element's id, class and role in one read of its attributes: linkedom keeps them as the nodes
 * right after the element (linkedom-internals.ts), where three getAttribute calls would each
 * search them again. Public getAttribute when linkedom's internals are not as expected.
 */
function readAttributes(element: Element): WalkedAttributes {
  if (!linkedom) return { id: element.getAttribute('id'), className: element.getAttribute('class'), role: element.getAttribute('role') };
  const found: WalkedAttributes = { id: null, className: null, role: null };
  const { NEXT } = linkedom;
  for (
    let node = (element as unknown as LinkedNode)[NEXT] as LinkedNode;
    node.nodeType === ATTRIBUTE_NODE;
    node = node[NEXT] as LinkedNode
  ) {
    const name = node.name as string;
    if (name === 'id') found.id = (node as unknown as Attr).value;
    else if (name === 'class') found.className = (node as unknown as Attr).value;
    else if (name === 'role') found.role = (node as unknown as Attr).value;
  }
  return found;
}

/** Whether an id or class names a home-made cookie banner (a cheap look for its words before the pattern). */
function namesCookieBanner(name: string | null): boolean {
  if (!name) return false;
  const hint = name.includes('ookie') || name.includes('onsent') || name.includes('gdpr') || name.includes('GDPR');
  return hint && COOKIE_BANNER.test(name);
}

function isConsentContainer(id: string | null, className: string | null): boolean {
  if (id && (CONSENT_IDS.has(id) || CONSENT_ID_PREFIXES.some((prefix) => id.startsWith(prefix)))) return true;
  return className !== null && CONSENT_CLASSES.some((name) => hasClass(className, name));
}

/** Counts a text node (collapsed, as following the text before it) and keeps it in the sample; false once past the cap. */
function readText(text: string, walk: Walk): boolean {
  const { signals } = walk;
  if (walk.chrome > 0) return true;
  let added = 0;
  let inWord = false;
  let words = 0;
  for (let i = 0; i < text.length; i++) {
    if (isWhitespace(text.charCodeAt(i))) inWord = false;
    else {
      if (!inWord) words++;
      inWord = true;
      added++;
    }
  }
  if (!added) return true;
  // One space between words, and one before this text when text came before it.
  added += words - 1 + (signals.mainText > 0 ? 1 : 0);
  signals.mainText += added;
  if (walk.link === 0) signals.mainProse += added;
  return signals.mainText <= MAIN_TEXT_CAP;
}

/** Whether a class attribute holds `name` as one of its classes. */
export function hasClass(className: string, name: string): boolean {
  let at = className.indexOf(name);
  while (at >= 0) {
    const before = at === 0 || isWhitespace(className.charCodeAt(at - 1));
    const end = at + name.length;
    if (before && (end === className.length || isWhitespace(className.charCodeAt(end)))) return true;
    at = className.indexOf(name, at + 1);
  }
  return false;
}

/**
 * The start of an element's visible text (scripts and styles left out), collapsed and cut to
 * `max` characters; reads only as far as it needs, so an app root holding a whole rendered page
 * costs no more than a placeholder.
 */
function leadingText(element: Element, max: number): string {
  let text = '';
  for (let node = nextInTree(element, element); node && text.length <= max * 2; ) {
    if (node.nodeType === 3) text += ` ${node.textContent ?? ''}`;
    const skip = node.nodeType === 1 && SKIPPED.has((node as Element).localName);
    node = nextInTree(node, element, skip);
    if (text.length > max * 4) text = text.slice(0, max * 4);
  }
  return collapse(text, max);
}

/** A text with its whitespace runs collapsed and trimmed, cut to `max` characters. */
function collapse(text: string, max = SHORT_TEXT): string {
  const short = text.length > max * 4 ? text.slice(0, max * 4) : text;
  const collapsed = short.replace(/\s+/g, ' ').trim();
  return collapsed.length > max ? collapsed.slice(0, max) : collapsed;
}
