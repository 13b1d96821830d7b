import type { Document } from '@trawl/core';
import type { JobRecord } from '@trawl/core/ports';
import { jobExtraOf } from '../jobs/job-extra.js';
import type { V2Shaping } from './scrape-plan.js';

/** A Document as v2 answers it: core's (images and attributes included), plus summary and scrapeId. */
export type V2Document = Omit<Document, 'metadata'> & {
  summary?: string;
  metadata: Document['metadata'] & { scrapeId?: string };
};

/** Shapes core's Document by `shaping` (see scrape-plan.ts). Pure. */
export function toV2Document(document: Document, shaping: V2Shaping | undefined, scrapeId?: string): V2Document {
  const out: V2Document = { ...document, metadata: { ...document.metadata, ...(scrapeId ? { scrapeId } : {}) } };
  if (!shaping) return out;
  if (shaping.summary) {
    const summary = (out.json as { summary?: unknown } | undefined)?.summary;
    if (typeof summary === 'string') out.summary = summary;
    delete out.json;
  }
  for (const format of shaping.drop) delete out[format];
  const warnings = [...(out.warning ? [out.warning] : []), ...shaping.warnings];
  if (warnings.length) out.warning = warnings.join('; ');
  return out;
}

/** The v2 shaping a job keeps (absent on jobs started through v1). */
export function v2ShapingOf(job: JobRecord): V2Shaping | undefined {
  return jobExtraOf(job).v2 as V2Shaping | undefined;
}
