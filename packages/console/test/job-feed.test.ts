import { describe, expect, it } from 'vitest';
import { emptyFeed, hasOlder, jobRowKey, takeFirstPage, takeOlderPage, visibleRows } from '../src/app/job-feed.js';
import type { JobKindName, JobRow } from '../src/app/jobs-api.js';

function job(kind: JobKindName, id: string, minute: number): JobRow {
  const createdAt = new Date(Date.UTC(2026, 10, 28, 12, minute)).toISOString();
  return { kind, id, status: 'completed', createdAt, completed: 1, total: 1, failed: 0, creditsUsed: 1 };
}

const keys = (rows: JobRow[]) => rows.map(jobRowKey);

describe('the merged job list', () => {
  it('stops at the oldest loaded job of a kind that has more, and goes past it once that kind is paged', () => {
    const feed = emptyFeed();
    takeFirstPage(feed, 'crawl', { rows: [job('crawl', 'c3', 30), job('crawl', 'c2', 20)], next: 'http://x/v2/crawl?before=2' });
    takeFirstPage(feed, 'batch', { rows: [job('batch', 'b2', 25), job('batch', 'b1', 5)] });
    // b1 (minute 5) is older than c2 (minute 20), and a crawl between them may not be loaded yet.
    expect(keys(visibleRows(feed))).toEqual(['crawl/c3', 'batch/b2', 'crawl/c2']);
    expect(hasOlder(feed)).toBe(true);

    takeOlderPage(feed, 'crawl', { rows: [job('crawl', 'c1', 10)] });
    expect(keys(visibleRows(feed))).toEqual(['crawl/c3', 'batch/b2', 'crawl/c2', 'crawl/c1', 'batch/b1']);
    expect(hasOlder(feed)).toBe(false);
  });

  it('keeps paged rows and the deeper cursor when a first page is read again, and drops jobs that went', () => {
    const feed = emptyFeed();
    takeFirstPage(feed, 'crawl', { rows: [job('crawl', 'c3', 30), job('crawl', 'c2', 20)], next: 'http://x/page2' });
    takeOlderPage(feed, 'crawl', { rows: [job('crawl', 'c1', 10)], next: 'http://x/page3' });
    // A refresh: a new crawl came, and c3 expired (the first page now runs from c4 to c2).
    takeFirstPage(feed, 'crawl', { rows: [job('crawl', 'c4', 40), job('crawl', 'c2', 20)], next: 'http://x/new-page2' });
    expect(feed.next.crawl).toBe('http://x/page3');
    expect(keys(visibleRows(feed))).toEqual(['crawl/c4', 'crawl/c2', 'crawl/c1']);
  });

  it('replaces an unpaged kind entirely, cursor included', () => {
    const feed = emptyFeed();
    takeFirstPage(feed, 'extract', { rows: [job('extract', 'e1', 1)], next: 'http://x/more' });
    takeFirstPage(feed, 'extract', { rows: [] });
    expect(visibleRows(feed)).toEqual([]);
    expect(hasOlder(feed)).toBe(false);
  });

  it('orders jobs of the same moment by id, descending, as the list routes do', () => {
    const feed = emptyFeed();
    takeFirstPage(feed, 'crawl', { rows: [job('crawl', 'a', 1)] });
    takeFirstPage(feed, 'batch', { rows: [job('batch', 'b', 1)] });
    expect(keys(visibleRows(feed))).toEqual(['batch/b', 'crawl/a']);
  });
});
