import { decodeHTML, decodeHTMLAttribute, Parser } from '../dom/dom.js';
import { MAX_LINKS_PER_PAGE } from '../../limits.js';
import { adAttributesMatch, isAdLabel, MAX_AD_LABEL_LENGTH, MAX_SHARE_OF_TEXT } from '../rules/ads.js';
import type { MetadataFacts } from './metadata.js';
import { preparedSource } from '../dom/parse.js';
import { isWhitespace } from '../dom/text.js';
import { absoluteUrl, httpUrlWithoutFragment } from './urls.js';

/**
 * The links of a page read without building a tree: for pages needed only for their links
 * (links-only crawls, map). htmlparser2's tokenizer (several times faster than building the
 * tree) gives the tags; where the tree's parser (parse5, the HTML standard's tree construction)
 * would put them, in the head or the body, is settled here as that parser settles it, and what
 * the DOM path keeps or drops is decided from that. links-stream.test.ts compares both paths on
 * every fixture page; `pnpm bench links-stream` on every page of the dev sets.
 */
export interface StreamedPage {
  /** Every http(s) `<a href>` and `<area href>` of the page outside `<template>`: what extractLinks(document) gives. */
  pageLinks: string[];
  /**
   * The links of the cleaned page (onlyMainContent off, no include/excludeTags): what the links
   * format gives, that is the body's links without scripts, templates, noscript and, with
   * blockAds, ad slots and consent banners.
   */
  contentLinks: string[];
  /** What extractMetadata reads. */
  facts: MetadataFacts;
  /** Discovery hints beside the anchors: `<link rel=canonical|next|alternate>` hrefs, resolved. */
  canonical?: string;
  next?: string;
  alternates: string[];
  /** `<meta name=robots>` directives, lowercased (noindex, nofollow…). */
  robots: string[];
  /** With `shapes`: where each link of `contentLinks` stands, before deduplication (learned-links.ts reads it). */
  shape?: PageShape;
}

export interface StreamOptions {
  blockAds: boolean;
  /** Also describe where the content's anchors stand (a learned template's reading, learned-links.ts). */
  shapes?: boolean;
}

/** The elements that stay in the head until the body begins (the standard's "in head" start tags). */
const HEAD_ELEMENTS = new Set([
  'base',
  'basefont',
  'bgsound',
  'link',
  'meta',
  'noframes',
  'noscript',
  'script',
  'style',
  'template',
  'title',
]);

/** Elements the cleaned content drops with what they hold (NON_CONTENT_SELECTOR). */
const NOISE = new Set(['script', 'style', 'template', 'meta', 'link', 'base', 'noembed', 'noframes']);
/** Raw-text elements wherever they stand: what they hold is text in the tree, never a link. */
const RAW_TEXT = new Set(['noembed', 'noframes']);

/** A collapsed text length kept as text streams in: textLength() of everything fed so far. */
class TextMeasure {
  length = 0;
  private pendingSpace = false;
  add(text: string): void {
    for (let i = 0; i < text.length; i++) {
      if (isWhitespace(text.charCodeAt(i))) {
        this.pendingSpace = this.length > 0;
      } else {
        if (this.pendingSpace) this.length++;
        this.pendingSpace = false;
        this.length++;
      }
    }
  }
}

interface Open {
  name: string;
  /** In the cleaned content (the body, outside noise). */
  content: boolean;
  /** Inside a `<template>` (its anchors are no part of the page). */
  template: boolean;
  svg: boolean;
  /** Inside `<noscript>`, which the cleaned content drops after ad removal. */
  noscript: boolean;
  /** Inside a `<noscript>` of the head: text in the tree, no element, link or meta. */
  inert: boolean;
  /** May be an ad slot or label: in the body, not the body itself, and blockAds is on. */
  candidate: boolean;
  hasElementChild: boolean;
  /** The raw text of a content element with no element child yet, up to a label's length. */
  leafText: string;
  /** Where this element's content links start, and the measure of its text when it may be an ad. */
  linkStart: number;
  measure?: TextMeasure;
  /** With `shapes`: how deep in the content the element stands (its top is 0). */
  depth: number;
  /** With `shapes`: the element's parent in the content, and its attributes (its place is read from them). */
  placeParent?: Open | undefined;
  attributes?: Record<string, string>;
  /** With `shapes`: a hash of the element's chain of names, ids and classes from the top of the content, once asked for. */
  path?: number;
}

interface AdCandidate {
  linkStart: number;
  linkEnd: number;
  textLength: number;
}

/** Reads a page's links, metadata facts and discovery hints in one streaming pass. */
export function streamPageLinks(html: string, pageUrl: string, options: StreamOptions): StreamedPage {
  const stack: Open[] = [];
  const pageHrefs: string[] = [];
  const contentHrefs: string[] = [];
  // With `shapes`: the path of each content href, and the content's top two levels of elements.
  const contentPaths: number[] = [];
  const skeleton = new Set<string>();
  // The content's text in characters as served (spaces uncollapsed): cheap, and enough to compare pages of one template.
  let textChars = 0;
  const candidates: AdCandidate[] = [];
  const measuring: Open[] = [];
  // The body's text, measured only when an ad candidate needs the page's total (most pages have none).
  const bodyText: string[] = [];
  const metas: Array<Record<string, string>> = [];
  const links: MetadataFacts['links'] = [];
  const titles: string[] = [];
  let lang: string | undefined;
  let baseHref: string | undefined;
  /** The `<html>` element, when the page has one, and its first `<head>`. */
  let root: Open | undefined;
  let head: Open | undefined;
  /** The tree's body has begun: with a `<body>` tag, or with the first content a head cannot hold. */
  let bodyStarted = false;
  let title: string | undefined;

  // The tokenizer runs without decoding character references: decoding walks every character
  // of text and attribute values, where without it the tokenizer jumps to the next `<` or quote
  // (40% of its time on text-heavy pages). What this reads is decoded here instead, by the same
  // decoder in the same modes (text: legacy, attribute values: attribute), which gives the same
  // strings: a reference never spans a tag, so text between two tags decodes alike in one piece.
  const parser = new Parser(
    {
      onopentag(name, rawAttributes) {
        const attributes = decodedAttributes(rawAttributes);
        const parent = stack[stack.length - 1];
        // Where the HTML standard's tree construction puts the element (html5-tree.ts builds that
        // tree): at the top, in <html> or in <head>, the elements a head holds stay in the head
        // until the body begins; anything else begins the body (an <a> in <head> included), and
        // whatever comes after the body (after </html>) goes into it.
        let inBody: boolean;
        let isBody = false;
        if (!parent && !root && name === 'html') {
          inBody = false;
          lang = attributes.lang;
        } else if (!parent || parent === root || parent === head) {
          if (name === 'body') {
            isBody = true;
            bodyStarted = true;
            inBody = true;
          } else if (!bodyStarted && (name === 'head' || HEAD_ELEMENTS.has(name))) inBody = false;
          else {
            bodyStarted = true;
            inBody = true;
          }
        } else inBody = parent.content;
        const open: Open = {
          name,
          content: inBody && !NOISE.has(name),
          template: (parent?.template ?? false) || name === 'template',
          // A <noscript> of the head is text in the tree (parse5 runs with scripting on there).
          inert: (parent?.inert ?? false) || (name === 'noscript' && !inBody) || RAW_TEXT.has(name),
          svg: (parent?.svg ?? false) || name === 'svg',
          noscript: (parent?.noscript ?? false) || name === 'noscript',
          // The body itself is the root of the cleaned content, never an ad in it.
          candidate: inBody && !isBody && options.blockAds,
          hasElementChild: false,
          leafText: '',
          linkStart: contentHrefs.length,
          depth: 0,
        };
        if (options.shapes && open.content) describePlace(open, parent, attributes, skeleton);
        if (!parent && !root && name === 'html') root = open;
        else if (!head && name === 'head' && !inBody && (!parent || parent === root)) head = open;
        if (parent && open.content) parent.hasElementChild = true;
        if (open.content && open.candidate && mayMarkAnAd(name, attributes) && adAttributesMatch(name, (key) => attributes[key])) {
          open.measure = new TextMeasure();
          measuring.push(open);
        }
        stack.push(open);
        if (open.inert) return;

        if ((name === 'a' || name === 'area') && !open.template) {
          const href = attributes.href?.trim();
          if (href) {
            pageHrefs.push(href);
            if (open.content && !open.noscript) {
              contentHrefs.push(href);
              if (options.shapes) contentPaths.push(pathOf(open));
            }
          }
        } else if (name === 'meta') {
          metas.push(attributes);
        } else if (name === 'link') {
          if (attributes.href !== undefined) links.push({ rel: attributes.rel ?? '', href: attributes.href });
        } else if (name === 'base') {
          if (baseHref === undefined && attributes.href !== undefined) baseHref = attributes.href;
        } else if (name === 'title' && !open.svg) {
          title = '';
        }
      },
      ontext(rawText) {
        const open = stack[stack.length - 1];
        // The text of script, style and xmp (raw text) is never decoded; that of <title> and
        // <textarea> is (the standard's RCDATA, which the tokenizer reads as raw text too).
        const raw = tokenizer.isSpecial && open?.name !== 'title' && open?.name !== 'textarea';
        const newlines = rawText.includes('\r') ? normalizedNewlines(rawText) : rawText;
        const text = raw || !newlines.includes('&') ? newlines : decodeHTML(newlines);
        if (title !== undefined && open?.name === 'title') title += text;
        // Text at the top, in <html> or in <head> is the body's once the body has begun, and text
        // other than spaces there begins it; other text is the body's when its element is.
        if (!open || open === root || open === head) {
          if (!bodyStarted && !hasVisibleCharacter(text)) return;
          bodyStarted = true;
        } else if (!open.content) return;
        bodyText.push(text);
        textChars += text.length;
        for (const element of measuring) element.measure!.add(text);
        if (open && !open.hasElementChild && open.leafText.length < MAX_AD_LABEL_LENGTH) open.leafText += text;
      },
      onclosetag() {
        const open = stack.pop();
        if (!open) return;
        if (open.name === 'title' && title !== undefined) {
          titles.push(title);
          title = undefined;
        }
        if (open.measure) {
          measuring.splice(measuring.indexOf(open), 1);
          candidates.push({ linkStart: open.linkStart, linkEnd: contentHrefs.length, textLength: open.measure.length });
        } else if (open.content && open.candidate && !open.hasElementChild && isAdLabel(open.leafText)) {
          const measure = new TextMeasure();
          measure.add(open.leafText);
          candidates.push({ linkStart: open.linkStart, linkEnd: contentHrefs.length, textLength: measure.length });
        }
      },
    },
    // Names lowercased as the tree's parser (parse5) lowercases them; no decoding (above).
    { lowerCaseAttributeNames: true, decodeEntities: false, xmlMode: false },
  );
  // Whether the tokenizer is inside raw text: its own flag, exact where `<textarea/>` or an
  // attribute ending in `/` would fool a look at the source (htmlparser2 is pinned).
  const tokenizer = (parser as unknown as { tokenizer: { isSpecial: boolean } }).tokenizer;
  parser.write(preparedSource(html));
  parser.end();

  const trimmedBase = baseHref?.trim();
  const baseUrl = (trimmedBase && absoluteUrl(trimmedBase, pageUrl)) || pageUrl;
  // removeAdsAndConsentBanners keeps an "ad" holding more than this share of the page's text.
  const removed = new Uint8Array(contentHrefs.length);
  const limit = candidates.length ? measured(bodyText) * MAX_SHARE_OF_TEXT : 0;
  for (const candidate of candidates) {
    if (candidate.textLength <= limit) removed.fill(1, candidate.linkStart, candidate.linkEnd);
  }
  const robots = metas
    .filter((meta) => meta.name?.trim().toLowerCase() === 'robots')
    .flatMap((meta) =>
      (meta.content ?? '')
        .toLowerCase()
        .split(',')
        .map((directive) => directive.trim()),
    )
    .filter(Boolean);
  const relHref = (rel: string) => links.find((link) => link.rel.toLowerCase().split(/\s+/).includes(rel))?.href.trim();
  const resolved = (href: string | undefined) => (href ? httpUrlWithoutFragment(href, baseUrl) : undefined);
  // With shapes the content's URLs are resolved once, for the shape and the links alike.
  const shape = options.shapes ? pageShape(contentHrefs, contentPaths, removed, baseUrl, skeleton, textChars) : undefined;
  const result: StreamedPage = {
    pageLinks: uniqueUrls(pageHrefs, baseUrl),
    contentLinks: shape
      ? uniqueResolved(shape.urls)
      : uniqueUrls(
          contentHrefs.filter((_, index) => !removed[index]),
          baseUrl,
        ),
    facts: { metas, links, titles, lang, baseUrl },
    alternates: uniqueUrls(
      links.filter((link) => link.rel.toLowerCase().split(/\s+/).includes('alternate')).map((link) => link.href.trim()),
      baseUrl,
    ),
    robots,
  };
  if (shape) result.shape = shape;
  const canonical = resolved(relHref('canonical'));
  const next = resolved(relHref('next'));
  if (canonical) result.canonical = canonical;
  if (next) result.next = next;
  return result;
}

/** The attributes as the tree holds them: character references decoded, line breaks normalized. */
function decodedAttributes(attributes: Record<string, string>): Record<string, string> {
  for (const key in attributes) {
    let value = attributes[key]!;
    if (value.includes('\r')) value = normalizedNewlines(value);
    if (value.includes('&')) value = decodeHTMLAttribute(value);
    attributes[key] = value;
  }
  return attributes;
}

const CARRIAGE_RETURN = /\r\n?/g;

/** CR LF and lone CR made LF, as the HTML standard's input stream does before tokenizing. */
function normalizedNewlines(text: string): string {
  return text.replace(CARRIAGE_RETURN, '\n');
}

/** Whether an element carries any attribute adAttributesMatch (ads.ts) reads, kept in step with it: most carry none, and that test builds strings. */
function mayMarkAnAd(name: string, attributes: Record<string, string>): boolean {
  if (attributes.class !== undefined || attributes.id !== undefined || attributes['aria-label'] !== undefined || name === 'iframe')
    return true;
  for (const key in attributes) if (key.startsWith('data-')) return true;
  return false;
}

/** Whether `text` holds a character other than the standard's spaces (which stay where a head may hold them). */
function hasVisibleCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) return true;
  }
  return false;
}

function measured(texts: string[]): number {
  const measure = new TextMeasure();
  for (const text of texts) measure.add(text);
  return measure.length;
}

/** uniqueUrls of URLs already resolved. */
function uniqueResolved(urls: Array<string | undefined>): string[] {
  const seen = new Set<string>();
  for (const url of urls) {
    if (seen.size > MAX_LINKS_PER_PAGE) break;
    if (url) seen.add(url);
  }
  return [...seen];
}

/** Absolute http(s) URLs without fragments, deduplicated in order, one past the cap at most (as extractLinks). */
function uniqueUrls(hrefs: string[], baseUrl: string): string[] {
  const seen = new Set<string>();
  for (const href of hrefs) {
    if (seen.size > MAX_LINKS_PER_PAGE) break;
    const url = href ? httpUrlWithoutFragment(href, baseUrl) : undefined;
    if (url) seen.add(url);
  }
  return [...seen];
}

/**
 * Where a page's content links stand: for each content anchor (ad slots left out, not
 * deduplicated) its absolute URL (undefined when it is no http(s) link) and the hash of its
 * element's path; and the page's skeleton, its content's top two levels of elements.
 */
export interface PageShape {
  urls: Array<string | undefined>;
  paths: number[];
  skeleton: string;
  /** The content's text, in characters as served (spaces not collapsed). */
  textChars: number;
}

/** Deeper than this below the content's top, elements no longer describe the page's layout. */
const SKELETON_DEPTH = 2;
/** Ids and classes longer than this are cut: a descriptor only needs to tell blocks apart. */
const MAX_DESCRIPTOR = 80;
const DIGITS = /[0-9]+/g;
const SPACES = /\s+/;

/**
 * Notes where a content element stands and adds a top-level one to the skeleton. Its path is
 * hashed only when an anchor needs it (pathOf): most elements hold no link.
 */
function describePlace(open: Open, parent: Open | undefined, attributes: Record<string, string>, skeleton: Set<string>): void {
  const within = parent?.content === true;
  open.depth = within ? parent.depth + 1 : 0;
  open.placeParent = within ? parent : undefined;
  open.attributes = attributes;
  if (open.depth <= SKELETON_DEPTH) skeleton.add(`${open.depth}${elementDescriptor(open.name, attributes)}`);
}

function pathOf(open: Open): number {
  // Up to the nearest element whose path is known, then down (a loop: pages nest deep).
  const chain: Open[] = [];
  for (let at: Open | undefined = open; at && at.path === undefined; at = at.placeParent) chain.push(at);
  for (let index = chain.length - 1; index >= 0; index--) {
    const element = chain[index]!;
    element.path = hashString(element.placeParent?.path ?? FNV_OFFSET, elementDescriptor(element.name, element.attributes ?? {}));
  }
  return open.path!;
}

/**
 * `name#id.class`, with the first class only and numbers made 0: pages of one template number
 * their posts (post-123) and add classes of their own (a post's categories and tags, the body's
 * page classes), and the template is the same. The body is the body whatever its classes.
 */
function elementDescriptor(name: string, attributes: Record<string, string>): string {
  if (name === 'body') return name;
  const id = attributes.id?.trim();
  const firstClass = attributes.class?.trim().split(SPACES, 1)[0];
  let descriptor = name;
  if (id) descriptor += `#${id}`;
  if (firstClass) descriptor += `.${firstClass}`;
  if (descriptor === name) return name;
  return descriptor.slice(0, MAX_DESCRIPTOR).replace(DIGITS, '0');
}

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a of `text` continued from `hash` (a path's hash grows with each element). */
function hashString(hash: number, text: string): number {
  let h = hash ^ 0x3e; // '>' between two elements
  h = Math.imul(h, 0x01000193);
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function pageShape(
  hrefs: string[],
  paths: number[],
  removed: Uint8Array,
  baseUrl: string,
  skeleton: Set<string>,
  textChars: number,
): PageShape {
  const shape: PageShape = { urls: [], paths: [], skeleton: [...skeleton].sort().join('\n'), textChars };
  for (let index = 0; index < hrefs.length; index++) {
    if (removed[index]) continue;
    const href = hrefs[index];
    shape.urls.push(href ? httpUrlWithoutFragment(href, baseUrl) : undefined);
    shape.paths.push(paths[index]!);
  }
  return shape;
}
