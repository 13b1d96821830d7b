import type { Document } from '@trawl/core';
import { readPageExtras, type AttributeValues } from './page-extras.js';
import type { V2Shaping } from './scrape-plan.js';

/** A Document as v2 answers it: the engine's, plus images, attributes and summary. */
export type V2Document = Omit<Document, 'metadata'> & {
  images?: string[];
  attributes?: AttributeValues[];
  summary?: string;
  metadata: Document['metadata'] & { scrapeId?: string };
};

/**
 * Shapes the engine's Document by `shaping` (see scrape-plan.ts). Pure apart from parsing the
 * page's HTML when images or attributes are asked for.
 */
export function toV2Document(document: Document, shaping: V2Shaping | undefined, scrapeId?: string): V2Document {
  const out: V2Document = { ...document, metadata: { ...document.metadata, ...(scrapeId ? { scrapeId } : {}) } };
  if (!shaping) return out;
  if ((shaping.images || shaping.attributes) && document.rawHtml !== undefined) {
    Object.assign(
      out,
      readPageExtras(document.rawHtml, document.metadata.url, {
        images: shaping.images,
        ...(shaping.attributes ? { attributes: shaping.attributes } : {}),
      }),
    );
  }
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
