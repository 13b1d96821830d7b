import { specOf } from '@trawl/core/server';
import type { JobRecord } from '@trawl/core/ports';

/**
 * What the route that started a crawl or batch kept with it (its webhook, its API version's
 * shaping of documents): empty for a job whose spec cannot be read.
 */
export function jobExtraOf(job: JobRecord): Record<string, unknown> {
  try {
    return specOf(job).extra ?? {};
  } catch {
    return {};
  }
}
