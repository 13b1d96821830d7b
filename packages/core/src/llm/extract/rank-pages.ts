import { rankLinks } from '../../crawl/rank-links.js';
import type { JsonSchema } from '../../ports/llm.js';

const STOP_WORDS = new Set(
  'a an and are as at be by extract find for from get give how in is it list me of on or page pages site the their them this to what which with'.split(
    ' ',
  ),
);

/** The words that say what an extraction is about: the prompt's and the schema's field names. */
export function relevanceQuery(prompt: string | undefined, schema: JsonSchema | undefined): string {
  const words = [...(prompt ?? '').split(/\s+/), ...fieldNames(schema)]
    .flatMap((w) => w.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[^\p{L}\p{N}]+/u))
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
  return [...new Set(words)].join(' ');
}

/** URLs most relevant to `query` first; the others follow in their original order, none dropped. */
export function rankByRelevance(urls: readonly string[], query: string): string[] {
  const ranked = query ? rankLinks(urls, query) : [];
  const chosen = new Set(ranked);
  return [...ranked, ...urls.filter((u) => !chosen.has(u))];
}

function fieldNames(schema: unknown, depth = 0): string[] {
  if (depth > 4 || typeof schema !== 'object' || schema === null) return [];
  const { properties, items } = schema as { properties?: Record<string, unknown>; items?: unknown };
  const own = properties ? Object.entries(properties).flatMap(([key, value]) => [key, ...fieldNames(value, depth + 1)]) : [];
  return [...own, ...fieldNames(items, depth + 1)];
}
