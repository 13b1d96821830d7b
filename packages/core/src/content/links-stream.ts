import { decodeHTML, decodeHTMLAttribute, Parser } from './dom.js';
import { MAX_LINKS_PER_PAGE } from '../limits.js';
import { adAttributesMatch, isAdLabel, MAX_AD_LABEL_LENGTH, MAX_SHARE_OF_TEXT } from './ads.js';
import type { MetadataFacts } from './metadata.js';
import { preparedSource } from './parse.js';
import { isWhitespace } from './text.js';
import { absoluteUrl, httpUrlWithoutFragment } from './urls.js';

/**
 * The links of a page read without building a tree: for pages needed only for their links
 * (links-only crawls, map). htmlparser2's tokenizer, the one linkedom builds its tree from, run
 * with linkedom's options, so the same tags open and close in the same places; what the DOM
 * path keeps or drops is decided here from that event stream. links-stream.test.ts compares
 * both paths on every fixture page.
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
}

export interface StreamOptions {
  blockAds: boolean;
}

/** Elements the cleaned content drops with what they hold (NON_CONTENT_SELECTOR). */
const NOISE = new Set(['script', 'style', 'template', 'meta', 'link', 'base']);

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
  /** May be an ad slot or label: in the body, not the body itself, and blockAds is on. */
  candidate: boolean;
  hasElementChild: boolean;
  /** The raw text of a content element with no element child yet, up to a label's length. */
  leafText: string;
  /** Where this element's content links start, and the measure of its text when it may be an ad. */
  linkStart: number;
  measure?: TextMeasure;
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
  const candidates: AdCandidate[] = [];
  const measuring: Open[] = [];
  // The body's text, measured only when an ad candidate needs the page's total (most pages have none).
  const bodyText: string[] = [];
  const metas: Array<Record<string, string>> = [];
  const links: MetadataFacts['links'] = [];
  const titles: string[] = [];
  let lang: string | undefined;
  let baseHref: string | undefined;
  /** The page has an `<html>` root: else linkedom's path wraps it whole in a body. */
  let rooted: boolean | undefined;
  let root: Open | undefined;
  let headSeen = false;
  let bodySeen = false;
  let textBeforeRoot = '';
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
        if (rooted === undefined) {
          rooted = name === 'html';
          if (rooted) lang = attributes.lang;
          else bodyText.push(textBeforeRoot);
        }
        // What linkedom's path makes the body: all of a rootless page (it is wrapped in one);
        // else everything in the root but its first <head>, stray content moved into the body.
        let inBody: boolean;
        let isBody = false;
        if (!parent) inBody = !rooted;
        else if (parent === root) {
          const isHead = name === 'head' && !headSeen;
          isBody = name === 'body' && !bodySeen;
          headSeen ||= isHead;
          bodySeen ||= isBody;
          inBody = !isHead;
        } else inBody = parent.content;
        const open: Open = {
          name,
          content: inBody && !NOISE.has(name),
          template: (parent?.template ?? false) || name === 'template',
          svg: (parent?.svg ?? false) || name === 'svg',
          noscript: (parent?.noscript ?? false) || name === 'noscript',
          // The body itself is the root of the cleaned content, never an ad in it.
          candidate: inBody && !isBody && options.blockAds,
          hasElementChild: false,
          leafText: '',
          linkStart: contentHrefs.length,
        };
        if (rooted && !parent && !root) root = open;
        if (parent && open.content) parent.hasElementChild = true;
        if (open.content && open.candidate && mayMarkAnAd(name, attributes) && adAttributesMatch(name, (key) => attributes[key])) {
          open.measure = new TextMeasure();
          measuring.push(open);
        }
        stack.push(open);

        if ((name === 'a' || name === 'area') && !open.template) {
          const href = attributes.href?.trim();
          if (href) {
            pageHrefs.push(href);
            if (open.content && !open.noscript) contentHrefs.push(href);
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
        // The text of script, style, textarea and xmp (the tokenizer's raw text, `<title>` aside) is never decoded.
        const raw = tokenizer.isSpecial && open?.name !== 'title';
        const text = raw || !rawText.includes('&') ? rawText : decodeHTML(rawText);
        if (title !== undefined && open?.name === 'title') title += text;
        if (rooted === undefined) textBeforeRoot += text;
        // Text directly in the root is stray content, moved into the body.
        if (!open ? rooted !== false : !open.content && open !== root) return;
        bodyText.push(text);
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
    // linkedom's options but decoding (above), so both paths see the same tree.
    { lowerCaseAttributeNames: false, decodeEntities: false, xmlMode: false },
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
  const result: StreamedPage = {
    pageLinks: uniqueUrls(pageHrefs, baseUrl),
    contentLinks: uniqueUrls(
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
  const canonical = resolved(relHref('canonical'));
  const next = resolved(relHref('next'));
  if (canonical) result.canonical = canonical;
  if (next) result.next = next;
  return result;
}

/** The attributes with their character references decoded, as the decoding tokenizer gives them. */
function decodedAttributes(attributes: Record<string, string>): Record<string, string> {
  for (const key in attributes) {
    const value = attributes[key]!;
    if (value.includes('&')) attributes[key] = decodeHTMLAttribute(value);
  }
  return attributes;
}

/** Whether an element carries any attribute adAttributesMatch (ads.ts) reads, kept in step with it: most carry none, and that test builds strings. */
function mayMarkAnAd(name: string, attributes: Record<string, string>): boolean {
  if (attributes.class !== undefined || attributes.id !== undefined || attributes['aria-label'] !== undefined || name === 'iframe')
    return true;
  for (const key in attributes) if (key.startsWith('data-')) return true;
  return false;
}

function measured(texts: string[]): number {
  const measure = new TextMeasure();
  for (const text of texts) measure.add(text);
  return measure.length;
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
