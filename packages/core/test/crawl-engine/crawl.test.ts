import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crawl, createMemoryStore, type Document } from '../../src/index.js';
import { readAllDocuments } from '../../src/jobs/result-pages.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());
beforeEach(() => site.resetRequests());

// /crawl/b?page=2 is a page of its own: only ignoreQueryParameters makes it /crawl/b.
const TREE = [
  '/crawl/',
  '/crawl/a',
  '/crawl/b',
  '/crawl/b?page=2',
  '/crawl/c',
  '/crawl/a/1',
  '/crawl/a/2',
  '/crawl/b/1',
  '/crawl/b/2',
  '/crawl/c/1',
  '/crawl/a/1/x',
  '/crawl/a/1/y',
  '/crawl/a/2/x',
  '/crawl/b/1/x',
  '/crawl/c/1/x',
];

async function collect(job: AsyncIterable<Document>): Promise<Document[]> {
  const docs: Document[] = [];
  for await (const doc of job) docs.push(doc);
  return docs;
}

const pathsOf = (docs: Document[]) =>
  docs
    .map((d) => {
      const url = new URL(d.metadata.url);
      return url.pathname + url.search;
    })
    .sort();

describe('crawl()', () => {
  it('crawls every page in scope exactly once and reports what it could not', async () => {
    const job = crawl(`${site.url}/crawl/`, { ignoreSitemap: true });
    const docs = await collect(job);
    const summary = await job.done;

    expect(pathsOf(docs)).toEqual([...TREE].sort());
    expect(summary).toMatchObject({ status: 'completed', completed: TREE.length, failed: 1 });
    expect(summary.total).toBe(summary.completed + summary.failed);
    for (const path of TREE) {
      // /crawl/redirected leads to /crawl/b: following it is the only way to learn that.
      const expected = path === '/crawl/b' ? 2 : 1;
      expect(
        site.requests.filter((r) => r.path === path),
        path,
      ).toHaveLength(expected);
    }
    expect(site.hits('/crawl/index.html')).toBe(0); // the same page as /crawl/
    expect(site.hits('/crawl/blocked')).toBe(0); // robots.txt disallows it
    expect(site.hits('/private/secret')).toBe(0);

    const errors = await job.errors();
    expect(errors.errors.map((e) => new URL(e.url).pathname)).toEqual(['/crawl/missing']);
    expect(errors.robotsBlocked).toEqual([`${site.url}/crawl/blocked`]);
    for (const doc of docs) expect(doc.markdown).toBeTruthy();
  });

  it('attempts exactly `limit` pages, the start page included', async () => {
    const job = crawl(`${site.url}/crawl/`, { ignoreSitemap: true, limit: 5, maxConcurrency: 3 });
    const docs = await collect(job);
    const summary = await job.done;
    expect(summary.total).toBe(5);
    expect(summary.completed + summary.failed).toBe(5);
    expect(docs).toHaveLength(summary.completed);
    expect(pathsOf(docs)).toContain('/crawl/');
    const fetched = site.requests.filter((r) => r.path.startsWith('/crawl/') && !r.path.startsWith('/crawl/redirected'));
    expect(fetched.length).toBeLessThanOrEqual(6);
  });

  it('counts link hops with maxDiscoveryDepth', async () => {
    const docs = await collect(crawl(`${site.url}/crawl/`, { ignoreSitemap: true, maxDiscoveryDepth: 1, ignoreQueryParameters: true }));
    expect(pathsOf(docs)).toEqual(['/crawl/', '/crawl/a', '/crawl/b', '/crawl/c']);
  });

  it('counts sitemap URLs as depth 0: maxDiscoveryDepth 0 is the start page and what the sitemaps list', async () => {
    const docs = await collect(
      crawl(`${site.url}/crawl/`, { allowBackwardCrawling: true, includePaths: ['^/crawl/', '^/orphan$'], maxDiscoveryDepth: 0 }),
    );
    const paths = pathsOf(docs);
    expect(paths).toContain('/crawl/');
    expect(paths).toContain('/orphan');
    // /crawl/a/1/x is in the sitemap; /crawl/blocked is only linked, never listed.
    expect(paths).toContain('/crawl/a/1/x');
    expect(paths).not.toContain('/crawl/blocked');
  });

  it('counts path segments with maxDepth, as Firecrawl does', async () => {
    const docs = await collect(crawl(`${site.url}/crawl/`, { ignoreSitemap: true, maxDepth: 2, ignoreQueryParameters: true }));
    expect(pathsOf(docs)).toEqual(['/crawl/', '/crawl/a', '/crawl/b', '/crawl/c']);
  });

  it('applies includePaths and excludePaths (regex on the path)', async () => {
    const included = await collect(
      crawl(`${site.url}/crawl/`, { ignoreSitemap: true, includePaths: ['^/crawl/a'], ignoreQueryParameters: true }),
    );
    expect(pathsOf(included)).toEqual(['/crawl/', '/crawl/a', '/crawl/a/1', '/crawl/a/1/x', '/crawl/a/1/y', '/crawl/a/2', '/crawl/a/2/x']);
    const excluded = await collect(crawl(`${site.url}/crawl/`, { ignoreSitemap: true, excludePaths: ['/b($|/)'] }));
    expect(pathsOf(excluded).some((p) => p.startsWith('/crawl/b'))).toBe(false);
    expect(pathsOf(excluded)).toContain('/crawl/c/1/x');
  });

  it('applies v0 glob includes and excludes', async () => {
    const docs = await collect(crawl(`${site.url}/crawl/`, { ignoreSitemap: true, excludes: ['/crawl/a/**', '/crawl/b/**'] }));
    // A directory matches its own glob: /crawl/a/** excludes /crawl/a too.
    expect(pathsOf(docs)).toEqual(['/crawl/', '/crawl/c', '/crawl/c/1', '/crawl/c/1/x']);
  });

  it('finds a page that only the sitemap lists', async () => {
    const docs = await collect(crawl(`${site.url}/crawl/`, { allowBackwardCrawling: true, includePaths: ['^/crawl/', '^/orphan$'] }));
    expect(pathsOf(docs)).toContain('/orphan');
    expect(site.hits('/sitemaps/blog.xml.gz')).toBe(1);
  });

  it('keeps documents in a store it was given, and streams without one', async () => {
    const store = createMemoryStore();
    const job = crawl(`${site.url}/crawl/`, { ignoreSitemap: true, limit: 3, store });
    await job.done;
    expect(await readAllDocuments(store, job.id)).toHaveLength(3);
    expect(await store.results.count(job.id, 'document')).toBe(3);
  });

  it('emits events and progress', async () => {
    const events: string[] = [];
    const job = crawl(`${site.url}/crawl/`, { ignoreSitemap: true, limit: 3 });
    job
      .on('started', () => events.push('started'))
      .on('page', () => events.push('page'))
      .on('completed', () => events.push('completed'));
    await job.done;
    expect(events).toEqual(['started', 'page', 'page', 'page', 'completed']);
    expect(job.progress).toEqual({ completed: 3, failed: 0, total: 3 });
  });

  /** Crawls a site asking `crawlDelay` s between requests, cancels after the first page, and waits for the end. */
  async function cancelAfterFirstPage(crawlDelay: number, check: (site: FixtureSite, status: string) => Promise<void>): Promise<void> {
    const slow = await startFixtureSite({ crawlDelay });
    try {
      const job = crawl(`${slow.url}/crawl/`, { ignoreSitemap: true });
      await new Promise<void>((resolve) => job.on('page', () => resolve()));
      await job.cancel();
      await check(slow, (await job.done).status);
    } finally {
      await slow.close();
    }
  }

  // 60 s is the longest Crawl-delay honoured, twice the test's timeout: a cancel that waited for
  // the next page's turn would fail the test, however busy the machine.
  it('cancels without waiting out the Crawl-delay of the next page', () =>
    cancelAfterFirstPage(60, async (slow, status) => {
      expect(status).toBe('cancelled');
      expect(slow.requests.map((request) => request.path).filter((path) => path.startsWith('/crawl/'))).toEqual(['/crawl/']);
    }));

  it('fetches nothing after a cancel', () =>
    cancelAfterFirstPage(0.5, async (slow, status) => {
      expect(status).toBe('cancelled');
      const requests = slow.requests.length;
      await new Promise((r) => setTimeout(r, 700)); // past the next page's 0.5 s turn
      expect(slow.requests.length).toBe(requests);
    }));

  it('cancels through an AbortSignal', async () => {
    const controller = new AbortController();
    const job = crawl(`${site.url}/crawl/`, { ignoreSitemap: true, signal: controller.signal, delay: 0.3 });
    job.on('page', () => controller.abort());
    expect((await job.done).status).toBe('cancelled');
  });

  it('honours Crawl-delay between requests to one host', async () => {
    const polite = await startFixtureSite({ crawlDelay: 0.2 });
    try {
      await crawl(`${polite.url}/crawl/`, { ignoreSitemap: true, limit: 4, maxConcurrency: 4 }).done;
      const pages = polite.requests.filter((r) => r.path.startsWith('/crawl/')).map((r) => r.at);
      expect(pages).toHaveLength(4);
      for (let i = 1; i < pages.length; i++) expect(pages[i]! - pages[i - 1]!).toBeGreaterThanOrEqual(180);
    } finally {
      await polite.close();
    }
  });

  it('follows the start URL through a redirect', async () => {
    const docs = await collect(crawl(`${site.url}/crawl`, { ignoreSitemap: true, limit: 3 }));
    expect(docs[0]!.metadata.url).toBe(`${site.url}/crawl/`);
    expect(docs).toHaveLength(3);
  });

  it('returns only URLs and metadata with returnOnlyUrls', async () => {
    const docs = await collect(crawl(`${site.url}/crawl/`, { ignoreSitemap: true, limit: 2, returnOnlyUrls: true }));
    expect(docs).toHaveLength(2);
    for (const doc of docs) {
      expect(doc.markdown).toBeUndefined();
      expect(doc.metadata.url).toMatch(/\/crawl\//);
    }
  });

  it('rejects invalid options before starting', () => {
    expect(() => crawl(`${site.url}/crawl/`, { limit: 0 })).toThrow(/limit/);
    expect(() => crawl('mailto:someone@example.com')).toThrow(/scheme/);
  });

  it('refuses an invalid include regex before starting, naming it', () => {
    expect(() => crawl(`${site.url}/crawl/`, { includePaths: ['('] })).toThrow(/includePaths\[0\] is not a valid regular expression/);
  });
});
