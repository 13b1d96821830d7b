/**
 * A v2 scrape is kept in the store as a finished job of kind `scrape` with its one document, so
 * `GET /v2/scrape/{scrapeId}` reads it again, from any node sharing the store, until it expires
 * with the other jobs (retention, then the sweeper).
 */
import { randomUUID } from 'node:crypto';
import { newJob } from '@trawl/core/server';
import type { Document } from '@trawl/core';
import type { Store } from '@trawl/core/ports';

export async function retainScrape(
  store: Store,
  input: { id: string; teamId: string; retentionMs: number | undefined },
  document: Document,
): Promise<void> {
  const { id } = input;
  const created = await store.jobs.create(
    newJob(
      { id, kind: 'scrape', teamId: input.teamId, options: {} },
      { now: Date.now(), ...(input.retentionMs ? { retentionMs: input.retentionMs } : {}) },
    ),
  );
  if (!created) return;
  await store.results.append(id, [{ kind: 'document', url: document.metadata.url, document }]);
  await store.jobs.setStatus(id, 'scraping', 'completed');
}

/** The retained document of a scrape job, or undefined when it has none. */
export async function readRetainedScrape(store: Store, id: string): Promise<Document | undefined> {
  const page = await store.results.read(id, { offset: 0, maxCount: 1, maxBytes: Number.MAX_SAFE_INTEGER, kind: 'document' });
  const entry = page.entries[0];
  return entry?.kind === 'document' ? entry.document : undefined;
}

export function newScrapeId(): string {
  return randomUUID();
}
