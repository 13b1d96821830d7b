import type { PageMetadata } from './metadata.js';

/** The description fields a page declares about itself, most specific first. */
const DESCRIPTION_FIELDS = ['description', 'ogDescription', 'twitter:description', 'dcDescription'] as const;

/** Below this length a description without closing punctuation reads as a tagline, not as cut text. */
const MIN_CUT_LENGTH = 120;

/**
 * What a page says about itself, as content: its title as the heading and the longest description
 * it declares. A client-side app served without rendering (a forum's JavaScript shell: a splash
 * and an empty `<main>`) has no text in its body, but its server still writes the thread's title
 * and opening words into the head for link previews; that is the page's only readable content.
 * Only when a description is such an excerpt (cut off: see `isCutOff`): a whole, finished blurb
 * ("Shop the … rug. Free shipping!") is the site's pitch written for search results, not the
 * page's text (WCXB dev: both such shells have empty gold, every shell with an excerpt has text).
 * Undefined when the page declares no excerpt.
 */
export function pageSummary(owner: Document, metadata: PageMetadata): Element | undefined {
  const description = longestField(metadata, DESCRIPTION_FIELDS);
  if (!description || !DESCRIPTION_FIELDS.some((field) => isCutOff(fieldText(metadata, field)))) return undefined;
  const summary = owner.createElement('div');
  // og:title names the thing itself; <title> often adds the site's name and section.
  const title = firstField(metadata, ['ogTitle', 'title']);
  if (title) summary.append(withText(owner.createElement('h1'), title));
  summary.append(withText(owner.createElement('p'), description));
  return summary;
}

/**
 * True when a description stops where a length limit cut the page's own text: on an ellipsis
 * ("…", "...", an escaped "&hellip;" that a server wrote twice) or, past a tagline's length,
 * mid-sentence (no closing punctuation).
 */
export function isCutOff(description: string): boolean {
  if (/(?:…|\.\.\.|&hellip;)$/.test(description)) return true;
  return description.length >= MIN_CUT_LENGTH && !/[.!?;:"')\]»”’。！？]$/.test(description);
}

/** The longest non-blank value among `fields`. */
function longestField(metadata: PageMetadata, fields: readonly string[]): string | undefined {
  let longest: string | undefined;
  for (const field of fields) {
    const value = fieldText(metadata, field);
    if (value && value.length > (longest?.length ?? 0)) longest = value;
  }
  return longest;
}

/** The first non-blank value among `fields`. */
function firstField(metadata: PageMetadata, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const value = fieldText(metadata, field);
    if (value) return value;
  }
  return undefined;
}

/** A field's text, white space collapsed (a repeated field counts as its first value). */
function fieldText(metadata: PageMetadata, field: string): string {
  const raw = metadata[field];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

function withText(element: Element, text: string): Element {
  element.textContent = text;
  return element;
}
