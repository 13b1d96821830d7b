/**
 * Merges partial answers (of the pieces of one page, or of many pages) into one: arrays are
 * concatenated and deduplicated, objects merged key by key, and a scalar is the value most
 * sources agree on, ties going to the best source (the first one given). Nulls and empty
 * strings mean "not found" and never win over a value. Pure, so merging is tested alone.
 */

export interface SourcedAnswer {
  /** Where the answer came from (a URL); answers are given best source first. */
  source: string;
  value: unknown;
}

export interface MergedAnswer {
  value: Record<string, unknown>;
  /** Which sources gave each field: `price`, `company.name`, `products`, `products[0]`… */
  sources: Record<string, string[]>;
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMissing = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && !value.trim());

export function mergeAnswers(answers: readonly SourcedAnswer[]): MergedAnswer {
  const sources: Record<string, string[]> = {};
  const merged = mergeAt(answers, '', sources);
  return { value: isPlain(merged) ? merged : {}, sources };
}

function mergeAt(candidates: readonly SourcedAnswer[], path: string, sources: Record<string, string[]>): unknown {
  const present = candidates.filter((c) => !isMissing(c.value));
  if (!present.length) return null;
  if (present.every((c) => Array.isArray(c.value))) return mergeArrays(present, path, sources);
  if (present.every((c) => isPlain(c.value))) return mergeObjects(present, path, sources);
  return pickScalar(present, path, sources);
}

function mergeObjects(candidates: readonly SourcedAnswer[], path: string, sources: Record<string, string[]>): Plain {
  const keys = [...new Set(candidates.flatMap((c) => Object.keys(c.value as Plain)))];
  const out: Plain = {};
  for (const key of keys) {
    const children = candidates.filter((c) => key in (c.value as Plain)).map((c) => ({ source: c.source, value: (c.value as Plain)[key] }));
    out[key] = mergeAt(children, path ? `${path}.${key}` : key, sources);
  }
  return out;
}

function mergeArrays(candidates: readonly SourcedAnswer[], path: string, sources: Record<string, string[]>): unknown[] {
  const items: unknown[] = [];
  const itemSources: string[][] = [];
  const indexByKey = new Map<string, number>();
  for (const { source, value } of candidates) {
    for (const item of value as unknown[]) {
      if (isMissing(item)) continue;
      const key = canonicalKey(item);
      const seen = indexByKey.get(key);
      if (seen === undefined) {
        indexByKey.set(key, items.length);
        items.push(item);
        itemSources.push([source]);
      } else if (!itemSources[seen]!.includes(source)) {
        itemSources[seen]!.push(source);
      }
    }
  }
  if (path) {
    sources[path] = [...new Set(itemSources.flat())];
    itemSources.forEach((from, i) => {
      sources[`${path}[${i}]`] = from;
    });
  }
  return items;
}

function pickScalar(candidates: readonly SourcedAnswer[], path: string, sources: Record<string, string[]>): unknown {
  const votes = new Map<string, { value: unknown; from: string[] }>();
  for (const { source, value } of candidates) {
    const key = canonicalKey(value);
    const vote = votes.get(key);
    if (vote) {
      if (!vote.from.includes(source)) vote.from.push(source);
    } else votes.set(key, { value, from: [source] });
  }
  // Map order is first appearance, i.e. best source first: a strict majority is needed to beat it.
  let best: { value: unknown; from: string[] } | undefined;
  for (const vote of votes.values()) if (!best || vote.from.length > best.from.length) best = vote;
  if (path) sources[path] = best!.from;
  return best!.value;
}

/** The same item said twice, whatever the key order, spacing or letter case of its strings. */
export function canonicalKey(value: unknown): string {
  return JSON.stringify(canonical(value));
}

function canonical(value: unknown): unknown {
  if (typeof value === 'string') return value.trim().replace(/\s+/g, ' ').toLowerCase();
  if (Array.isArray(value)) return value.map(canonical);
  if (isPlain(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => !isMissing(value[key]))
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  }
  return value;
}
