import { normalizeUrl } from '../url/normalize.js';

export interface RankLinksOptions {
  /** Page titles where known (e.g. of the pages map fetched), keyed by URL or normalised URL. */
  titles?: ReadonlyMap<string, string>;
}

// Okapi BM25's usual constants: term-frequency saturation and length normalisation.
const K1 = 1.2;
const B = 0.75;
/** A word that only starts with a query term counts this much of a full match. */
const PREFIX_WEIGHT = 0.5;
const MIN_PREFIX_LENGTH = 4;

/**
 * Orders URLs by relevance to a query: BM25 over each link's words, taken from its path and query
 * string and, where known, its page title. Links that match no query word are dropped; ties keep
 * discovery order.
 */
export function rankLinks(urls: readonly string[], query: string, options: RankLinksOptions = {}): string[] {
  const terms = [...new Set(wordsOf(query).map(stem))];
  if (!terms.length) return [...urls];
  const docs = urls.map((url) => linkWords(url, options.titles));
  const averageLength = docs.reduce((sum, words) => sum + words.length, 0) / Math.max(docs.length, 1) || 1;
  const frequencies = docs.map((words) => termFrequencies(words, terms));
  const idf = terms.map((_, t) => inverseDocumentFrequency(docs.length, frequencies.filter((f) => (f[t] ?? 0) > 0).length));

  const scored: Array<{ url: string; score: number; order: number }> = [];
  urls.forEach((url, order) => {
    const f = frequencies[order] as number[];
    const lengthFactor = 1 - B + (B * (docs[order] as string[]).length) / averageLength;
    let score = 0;
    terms.forEach((_, t) => {
      const tf = f[t] ?? 0;
      if (tf > 0) score += (idf[t] as number) * ((tf * (K1 + 1)) / (tf + K1 * lengthFactor));
    });
    if (score > 0) scored.push({ url, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map((s) => s.url);
}

/** The stemmed words a link is known by: its path, its query string and its title. */
function linkWords(url: string, titles: ReadonlyMap<string, string> | undefined): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const title = titles?.get(url) ?? titles?.get(safeNormalize(url)) ?? '';
  return wordsOf(`${safeDecode(parsed.pathname)} ${safeDecode(parsed.search)} ${title}`).map(stem);
}

function termFrequencies(words: readonly string[], terms: readonly string[]): number[] {
  return terms.map((term) => {
    let tf = 0;
    for (const word of words) {
      if (word === term) tf += 1;
      else if (term.length >= MIN_PREFIX_LENGTH && word.startsWith(term)) tf += PREFIX_WEIGHT;
    }
    return tf;
  });
}

/** BM25's idf, kept positive so a word found in most links still counts a little. */
function inverseDocumentFrequency(documents: number, containing: number): number {
  return Math.log(1 + (documents - containing + 0.5) / (containing + 0.5));
}

/** Splits on anything but letters and digits, and at camelCase humps (`fooBar` is "foo bar"). */
function wordsOf(text: string): string[] {
  return (
    text
      .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** A light suffix stripper: enough for "blogs" to find "blog" and "pricing" to find "price". */
function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  for (const suffix of ['ing', 'ed', 'es', 's', 'e']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  }
  return word;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function safeNormalize(url: string): string {
  try {
    return normalizeUrl(url);
  } catch {
    return url;
  }
}
