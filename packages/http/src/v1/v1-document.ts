import type { Document } from '@trawl/core';
import type { JobRecord } from '@trawl/core/ports';
import { jobExtraOf } from '../jobs/job-extra.js';

/**
 * How v1 names what core returns: Firecrawl's v1 takes LLM extraction as the `json` format
 * or as its older name `extract` (with `extract` options), and answers under the name that was
 * asked (its `v1OriginalFormat`; the 1.x SDKs ask `extract`); its `summary` format is the
 * core's `json` with a summary schema, answered as `summary`.
 */
export interface V1Shaping {
  /** `extract` was asked: core's `json` is answered as `extract`. */
  extract: boolean;
  /** `json` was asked too: it stays beside `extract`. */
  json: boolean;
  /** `summary` was asked: core's `json.summary` is answered as `summary`. */
  summary: boolean;
  /** `rawHtml` only carried page profiles (`product`, `menu`, `branding`) and was not asked. */
  dropRawHtml: boolean;
}

/** A Document as v1 answers it. Pure. */
export function toV1Document(document: Document, shaping: V1Shaping | undefined): Document & { extract?: unknown; summary?: string } {
  if (!shaping) return document;
  const { json, rawHtml, ...rest } = document;
  const summary = shaping.summary ? (json as { summary?: unknown } | undefined)?.summary : undefined;
  return {
    ...rest,
    ...(rawHtml === undefined || shaping.dropRawHtml ? {} : { rawHtml }),
    ...(typeof summary === 'string' ? { summary } : {}),
    ...(json !== undefined && shaping.extract ? { extract: json } : {}),
    ...(json !== undefined && !shaping.summary && (shaping.json || !shaping.extract) ? { json } : {}),
  };
}

/** What a v1 crawl or batch job stored of its shaping (none for the jobs that asked no `extract`). */
export function v1ShapingOf(job: JobRecord): V1Shaping | undefined {
  return jobExtraOf(job).v1 as V1Shaping | undefined;
}

/** v1's status pages and status streams: each document named as its job asked. */
export function v1Documents(documents: Document[], job: JobRecord): unknown[] {
  const shaping = v1ShapingOf(job);
  return shaping ? documents.map((document) => toV1Document(document, shaping)) : documents;
}
