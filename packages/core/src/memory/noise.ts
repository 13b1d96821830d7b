/**
 * What change tracking compares: the page's Markdown with the parts that change on every load
 * but say nothing new taken out, so a page whose only difference is one of them reads as "same".
 * docs/change-tracking.md lists each rule; the diff itself is of the Markdown as scraped.
 */
import { createHash } from 'node:crypto';
import { AD_FRAME_HOST, AD_LABEL_TEXT } from '../content/vocabulary/boilerplate-selectors.js';

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';

/**
 * Noise in one pass (one regular expression, so a long page is scanned once):
 * - dates and times as pages print them ("Updated 2026-11-24 10:03", "Nov 24, 2026", "3 minutes ago");
 * - opaque tokens (CSRF tokens, nonces, session and request ids): a run of 24 or more letters,
 *   digits, `-` and `_` holding both letters and digits (checked in the replacer); words and
 *   prices never look like this.
 */
const NOISE = new RegExp(
  [
    '\\b\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?\\b',
    '\\b\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}\\b',
    `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\s+\\d{4}\\b`,
    '\\b\\d{1,2}:\\d{2}(?::\\d{2})?(?:\\s?[ap]\\.?m\\.?)?(?:\\s?(?:UTC|GMT))?\\b',
    '\\b(?:\\d+|an?|one)\\s+(?:second|minute|hour|day|week)s?\\s+ago\\b',
    '\\bjust now\\b',
    '(?<![\\w-])[\\w-]{24,}(?![\\w-])',
  ].join('|'),
  'gi',
);

function noiseReplacement(match: string): string {
  if (match.length < 24 || !/[\w-]{24}/.test(match)) return '<time>';
  return /\d/.test(match) && /[a-z]/i.test(match) ? '<token>' : match;
}

/** Query parameters that only defeat caches or track the visit. */
const CACHE_BUSTING_PARAM =
  /^(?:_|v|ver|version|t|ts|cb|cachebust|cache_bust|cachebuster|nocache|rand|rnd|r|timestamp|time|utm_[a-z]+|fbclid|gclid)$/i;
const URL_IN_TEXT = /https?:\/\/[^\s)"'<>\]]+/g;
const MARKDOWN_LINK = /!?\[([^\]]*)\]\((https?:\/\/[^\s)]+)[^)]*\)/g;

/** A URL without its cache-busting and tracking parameters (and without any whose value is a long number or hex run). */
export function withoutCacheBusting(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  for (const [name, value] of [...parsed.searchParams]) {
    if (CACHE_BUSTING_PARAM.test(name) || /^[0-9a-f]{8,}$/i.test(value)) parsed.searchParams.delete(name);
  }
  parsed.hash = '';
  return parsed.href;
}

function isAdUrl(url: string): boolean {
  try {
    return AD_FRAME_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The Markdown as change tracking compares it (see the module comment). */
export function comparableText(markdown: string): string {
  let text = markdown.replace(MARKDOWN_LINK, (whole, _label: string, url: string) => (isAdUrl(url) ? '' : whole));
  text = text.replace(URL_IN_TEXT, (url) => withoutCacheBusting(url));
  text = text.replace(NOISE, noiseReplacement);
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && !AD_LABEL_TEXT.test(line.replace(/[*_#>\s]/g, '')))
    .join('\n');
}

/** A JSON value with every string in it made comparable the same way. */
export function comparableValue(value: unknown): unknown {
  if (typeof value === 'string') return comparableText(value);
  if (Array.isArray(value)) return value.map(comparableValue);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparableValue(v)]));
  return value;
}

/** SHA-256 (hex) of `text`. */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The hash a snapshot keeps: two scrapes with equal hashes are "same". */
export function contentHash(markdown: string): string {
  return digest(comparableText(markdown));
}
