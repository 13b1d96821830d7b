import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import type { DocumentEntry, ErrorEntry, ResultEntry, RobotsBlockedEntry } from '../ports/store.js';
import type { Harness } from './harness.js';

/** How the contract measures an entry: UTF-8 bytes of its JSON. */
export function entryBytes(entry: ResultEntry): number {
  return Buffer.byteLength(JSON.stringify(entry), 'utf8');
}

export function documentEntry(url: string, markdown = `# ${url}`): DocumentEntry {
  return {
    kind: 'document',
    url,
    document: { markdown, metadata: { sourceURL: url, url, statusCode: 200, title: 'Tïtle' } },
  };
}

export function errorEntry(url: string, at: number): ErrorEntry {
  return { kind: 'error', id: `err-${url}`, url, error: 'Connection refused', code: 'SCRAPE_CONNECTION_ERROR', at };
}

/** Entries of identical size: the URLs differ only in a zero-padded number. */
function robotsEntries(count: number): RobotsBlockedEntry[] {
  return Array.from({ length: count }, (_, i) => ({ kind: 'robots_blocked', url: `https://r.test/${String(i).padStart(4, '0')}` }));
}

export function describeResults(h: Harness): void {
  describe('results', () => {
    it('keeps entries in append order and counts them by kind', async () => {
      const jobId = h.id('job');
      const log = h.store().results;
      const first = [documentEntry('https://a.test/1'), errorEntry('https://a.test/2', h.now())];
      const second: ResultEntry[] = [{ kind: 'robots_blocked', url: 'https://a.test/private' }, documentEntry('https://a.test/3')];
      await log.append(jobId, first);
      await log.append(jobId, second);
      const page = await log.read(jobId, { offset: 0, maxCount: 10, maxBytes: 1_000_000 });
      expect(page).toEqual({ entries: [...first, ...second], next: null });
      expect(await log.count(jobId)).toBe(4);
      expect(await log.count(jobId, 'document')).toBe(2);
      expect(await log.count(jobId, 'error')).toBe(1);
      expect(await log.count(jobId, 'robots_blocked')).toBe(1);
    });

    it('reads nothing for an unknown job', async () => {
      const jobId = h.id('job');
      expect(await h.store().results.read(jobId, { offset: 0, maxCount: 5, maxBytes: 1000 })).toEqual({ entries: [], next: null });
      expect(await h.store().results.count(jobId)).toBe(0);
    });

    it('keeps each append contiguous and in order under concurrency', async () => {
      const jobId = h.id('job');
      const batches = Array.from({ length: 12 }, (_, b) => Array.from({ length: 5 }, (_, i) => documentEntry(`https://c.test/${b}/${i}`)));
      await Promise.all(batches.map((batch) => h.store().results.append(jobId, batch)));
      const { entries } = await h.store().results.read(jobId, { offset: 0, maxCount: 100, maxBytes: 10_000_000 });
      expect(entries).toHaveLength(60);
      for (let start = 0; start < 60; start += 5) {
        const urls = entries.slice(start, start + 5).map((entry) => entry.url);
        const batch = urls[0]?.split('/')[3];
        expect(urls).toEqual([0, 1, 2, 3, 4].map((i) => `https://c.test/${batch}/${i}`));
      }
    });

    it('pages by count with the next offset, and null at the end', async () => {
      const jobId = h.id('job');
      const entries = robotsEntries(7);
      await h.store().results.append(jobId, entries);
      const read = (offset: number) => h.store().results.read(jobId, { offset, maxCount: 3, maxBytes: 1_000_000 });
      expect(await read(0)).toEqual({ entries: entries.slice(0, 3), next: 3 });
      expect(await read(3)).toEqual({ entries: entries.slice(3, 6), next: 6 });
      expect(await read(6)).toEqual({ entries: entries.slice(6), next: null });
      expect(await read(7)).toEqual({ entries: [], next: null });
    });

    it('bounds a page by the bytes of its entries, inclusive', async () => {
      const jobId = h.id('job');
      const entries = robotsEntries(5);
      const size = entryBytes(entries[0] as ResultEntry);
      await h.store().results.append(jobId, entries);
      const read = (maxBytes: number) => h.store().results.read(jobId, { offset: 1, maxCount: 10, maxBytes });
      expect(await read(2 * size)).toEqual({ entries: entries.slice(1, 3), next: 3 });
      expect(await read(2 * size - 1)).toEqual({ entries: entries.slice(1, 2), next: 2 });
      expect(await read(3 * size + 1)).toEqual({ entries: entries.slice(1, 4), next: 4 });
    });

    it('measures bytes in UTF-8, not characters', async () => {
      const jobId = h.id('job');
      const entries = [0, 1].map((i) => documentEntry(`https://u.test/${i}`, 'é'.repeat(100)));
      const bytes = entryBytes(entries[0] as ResultEntry);
      const characters = JSON.stringify(entries[0]).length;
      expect(bytes).toBeGreaterThan(characters);
      await h.store().results.append(jobId, entries);
      const page = await h.store().results.read(jobId, { offset: 0, maxCount: 10, maxBytes: 2 * characters });
      expect(page).toEqual({ entries: entries.slice(0, 1), next: 1 });
    });

    it('returns an entry larger than maxBytes alone, so readers make progress', async () => {
      const jobId = h.id('job');
      const small = documentEntry('https://b.test/small');
      const large = documentEntry('https://b.test/large', 'x'.repeat(5000));
      const tail = documentEntry('https://b.test/tail');
      await h.store().results.append(jobId, [small, large, tail]);
      const maxBytes = entryBytes(small) + 100;
      const read = (offset: number) => h.store().results.read(jobId, { offset, maxCount: 10, maxBytes });
      expect(await read(0)).toEqual({ entries: [small], next: 1 });
      expect(await read(1)).toEqual({ entries: [large], next: 2 });
      expect(await read(2)).toEqual({ entries: [tail], next: null });
    });

    it('filters by kind, with offsets counted within that kind', async () => {
      const jobId = h.id('job');
      const docs = [0, 1, 2, 3].map((i) => documentEntry(`https://k.test/${i}`));
      const errors = [0, 1].map((i) => errorEntry(`https://k.test/e${i}`, h.now()));
      await h.store().results.append(jobId, [docs[0], errors[0], docs[1], docs[2], errors[1], docs[3]] as ResultEntry[]);
      const documents = await h.store().results.read(jobId, { offset: 1, maxCount: 2, maxBytes: 1_000_000, kind: 'document' });
      expect(documents).toEqual({ entries: docs.slice(1, 3), next: 3 });
      const rest = await h.store().results.read(jobId, { offset: 3, maxCount: 2, maxBytes: 1_000_000, kind: 'document' });
      expect(rest).toEqual({ entries: docs.slice(3), next: null });
      const failures = await h.store().results.read(jobId, { offset: 0, maxCount: 10, maxBytes: 1_000_000, kind: 'error' });
      expect(failures).toEqual({ entries: errors, next: null });
      const none = await h.store().results.read(jobId, { offset: 0, maxCount: 10, maxBytes: 1_000_000, kind: 'robots_blocked' });
      expect(none).toEqual({ entries: [], next: null });
    });

    it('serves entries appended after a reader reached the end', async () => {
      const jobId = h.id('job');
      await h.store().results.append(jobId, [documentEntry('https://n.test/1')]);
      const first = await h.store().results.read(jobId, { offset: 0, maxCount: 10, maxBytes: 1_000_000 });
      expect(first.next).toBeNull();
      const later = documentEntry('https://n.test/2');
      await h.store().results.append(jobId, [later]);
      expect(await h.store().results.read(jobId, { offset: first.entries.length, maxCount: 10, maxBytes: 1_000_000 })).toEqual({
        entries: [later],
        next: null,
      });
    });

    it('keeps each job its own log', async () => {
      const [a, b] = [h.id('job'), h.id('job')];
      await h.store().results.append(a, [documentEntry('https://a.test/')]);
      await h.store().results.append(b, [documentEntry('https://b.test/'), documentEntry('https://b.test/2')]);
      expect(await h.store().results.count(a)).toBe(1);
      expect(await h.store().results.count(b)).toBe(2);
    });
  });
}
