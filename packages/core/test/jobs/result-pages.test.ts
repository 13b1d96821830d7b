import { Buffer } from 'node:buffer';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Document } from '../../src/document.js';
import {
  STATUS_PAGE_MAX_BYTES,
  nextSkip,
  readAllDocuments,
  readErrorsReport,
  readLatestDocuments,
  readStatusPage,
} from '../../src/jobs/result-pages.js';
import { cancelJob } from '../../src/jobs/job-events.js';
import { newJob } from '../../src/jobs/job-record.js';
import type { JobRecord, ResultEntry, Store } from '../../src/ports/store.js';
import { createMemoryStore } from '../../src/stores/memory/index.js';

let store: Store;
let job: JobRecord;

function doc(i: number, markdown = `page ${i}`): Document {
  const url = `https://p.test/${i}`;
  return { markdown, metadata: { sourceURL: url, url, statusCode: 200 } };
}

function entries(from: number, to: number, markdown?: (i: number) => string): ResultEntry[] {
  return Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    return { kind: 'document', url: `https://p.test/${i}`, document: doc(i, markdown?.(i)) };
  });
}

beforeEach(async () => {
  store = createMemoryStore();
  job = (await store.jobs.create(newJob({ id: 'job', kind: 'crawl', teamId: 't', options: {} }, { now: Date.now() })))!;
});

describe('next skip', () => {
  it('continues while more documents exist or the job runs, and stops at the end of a finished job', () => {
    expect(nextSkip('completed', 0, 100, true)).toBe(100);
    expect(nextSkip('scraping', 20, 5, false)).toBe(25);
    expect(nextSkip('completed', 20, 5, false)).toBeUndefined();
    expect(nextSkip('cancelled', 0, 0, false)).toBeUndefined();
  });
});

describe('status pages', () => {
  it('pages documents by count, skipping errors and robots entries', async () => {
    await store.results.append(job.id, [
      ...entries(0, 3),
      { kind: 'error', id: 'e', url: 'https://p.test/bad', error: 'boom', at: 0 },
      { kind: 'robots_blocked', url: 'https://p.test/private' },
      ...entries(3, 5),
    ]);
    const first = await readStatusPage(store, job, { limit: 2 });
    expect(first).toEqual({ documents: [doc(0), doc(1)], next: 2 });
    const last = await readStatusPage(store, { ...job, status: 'completed' }, { skip: 4, limit: 2 });
    expect(last).toEqual({ documents: [doc(4)], next: undefined });
  });

  it('keeps offering next while the job runs, even past the end', async () => {
    await store.results.append(job.id, entries(0, 2));
    expect(await readStatusPage(store, job)).toEqual({ documents: [doc(0), doc(1)], next: 2 });
    expect(await readStatusPage(store, job, { skip: 2 })).toEqual({ documents: [], next: 2 });
  });

  it('cuts pages at 10 MiB by default, and never returns an empty page while documents remain', async () => {
    const fourMiB = (i: number) => String(i).repeat(4 * 1024 * 1024);
    await store.results.append(job.id, entries(0, 3, fourMiB));
    const completed = { ...job, status: 'completed' as const };
    const first = await readStatusPage(store, completed);
    expect(first.documents.map((d) => d.metadata.url)).toEqual(['https://p.test/0', 'https://p.test/1']);
    expect(Buffer.byteLength(JSON.stringify(first.documents))).toBeLessThanOrEqual(STATUS_PAGE_MAX_BYTES);
    expect(first.next).toBe(2);
    const second = await readStatusPage(store, completed, { skip: 2, maxBytes: 1024 });
    expect(second.documents.map((d) => d.metadata.url)).toEqual(['https://p.test/2']);
    expect(second.next).toBeUndefined();
  });
});

describe('v0 data and the errors report', () => {
  it('gives the latest 50 documents as partial data, and all of them as data', async () => {
    for (let i = 0; i < 1200; i += 100) await store.results.append(job.id, entries(i, i + 100));
    const partial = await readLatestDocuments(store, job.id);
    expect(partial.firstIndex).toBe(1150);
    expect(partial.documents).toHaveLength(50);
    expect(partial.documents[0]).toEqual(doc(1150));
    expect(partial.documents[49]).toEqual(doc(1199));
    const all = await readAllDocuments(store, job.id);
    expect(all).toHaveLength(1200);
    expect(all[1000]).toEqual(doc(1000));
    expect(await readLatestDocuments(store, 'empty')).toEqual({ documents: [], firstIndex: 0 });
  });

  it('reports errors and robots-blocked URLs, also after a cancel', async () => {
    await store.results.append(job.id, [
      ...entries(0, 1),
      { kind: 'robots_blocked', url: 'https://p.test/admin' },
      { kind: 'error', id: 'e-1', url: 'https://p.test/gone', error: 'Not found', code: 'HTTP_404', at: Date.UTC(2025, 0, 1) },
    ]);
    await cancelJob(store, job.id);
    expect(await readErrorsReport(store, job.id)).toEqual({
      errors: [{ id: 'e-1', timestamp: '2025-01-01T00:00:00.000Z', url: 'https://p.test/gone', error: 'Not found', code: 'HTTP_404' }],
      robotsBlocked: ['https://p.test/admin'],
    });
  });
});
