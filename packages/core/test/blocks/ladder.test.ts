import { BLOCK_PAGES, blockPhrases, phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchScrape, crawl, createMemoryStore, isBlockPageError, scrape } from '../../src/index.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

/** Block pages that fail a scrape (an app shell comes back, with a warning). */
const FAILING = BLOCK_PAGES.filter((fixture) => fixture.kind !== 'app-shell');

describe('scrape() of a block page, without a browser', () => {
  it.each(FAILING.map((fixture) => [fixture.path, fixture]))(
    'fails %s with its own code, naming kind, vendor and what was tried',
    async (path, fixture) => {
      const error = await scrape(`${site.url}${path}`, { engine: 'http' }).catch((e: unknown) => e);
      expect(isBlockPageError(error)).toBe(true);
      if (!isBlockPageError(error)) return;
      const notFound = fixture.kind === 'soft-404' || fixture.kind === 'parked';
      expect(error.code).toBe(notFound ? 'SCRAPE_PAGE_NOT_FOUND' : 'SCRAPE_BLOCKED_BY_SITE');
      expect(error.status).toBe(notFound ? 404 : 403);
      expect(error.blockPage).toMatchObject({ kind: fixture.kind, vendor: fixture.vendor, tried: ['http'] });
      expect(error.message).toContain('Tried: HTTP.');
    },
  );

  it('says a browser might get past a challenge', async () => {
    await expect(scrape(`${site.url}/blocks/js-challenge`)).rejects.toThrow(
      /an anti-bot challenge \(cloudflare\).*@trawl\/browser-playwright/,
    );
  });

  it('returns the block page, marked, when block pages are asked for', async () => {
    const doc = await scrape(`${site.url}/blocks/js-challenge`, { keepBlockPages: true });
    expect(doc.markdown).toContain(blockPhrases.challenge);
    expect(doc.metadata).toMatchObject({ statusCode: 403, blockPage: 'challenge', blockPageVendor: 'cloudflare' });
    expect(doc.metadata.blockPageEvidence).toContain('header cf-mitigated: challenge');
    expect(doc.warning).toMatch(/This is an anti-bot challenge \(cloudflare\), not the page/);
  });

  it('returns an app shell with a warning that a browser would render it', async () => {
    const doc = await scrape(`${site.url}/blocks/app-shell`);
    expect(doc.markdown).not.toContain(blockPhrases.rendered);
    expect(doc.warning).toMatch(/rendered by JavaScript/);
  });

  it('still returns a real page and the target’s own error pages as documents', async () => {
    expect((await scrape(`${site.url}/articles/minimal`)).markdown).toContain(phrases.minimal);
    expect((await scrape(`${site.url}/status/403`)).metadata.statusCode).toBe(403);
  });
});

describe('a crawl that meets block pages', () => {
  it('records each in the job errors with its code and goes on, charging none of them', async () => {
    const store = createMemoryStore();
    await store.teams.setCredits('payer', 100);
    // Two block pages that make the host back off (1 s, then 2 s), and the kinds that do not.
    const kinds = ['js-challenge', 'akamai', 'consent-wall', 'google-consent', 'members-only', 'gone-astray', 'parked', 'app-shell'];
    const job = crawl(`${site.url}/blocks/`, {
      store,
      teamId: 'payer',
      ignoreSitemap: true,
      maxRetries: 0,
      includePaths: ['^/blocks/$', `^/blocks/(${kinds.join('|')}|login)$`],
    });
    const urls: string[] = [];
    for await (const document of job) urls.push(new URL(document.metadata.sourceURL).pathname);
    const summary = await job.done;
    expect(urls.sort()).toEqual(['/blocks/', '/blocks/app-shell']);
    expect(summary.status).toBe('completed');
    const { errors } = await job.errors();
    const codes = Object.fromEntries(errors.map((error) => [new URL(error.url).pathname, error.code]));
    expect(codes).toEqual({
      '/blocks/js-challenge': 'SCRAPE_BLOCKED_BY_SITE',
      '/blocks/akamai': 'SCRAPE_BLOCKED_BY_SITE',
      '/blocks/consent-wall': 'SCRAPE_BLOCKED_BY_SITE',
      '/blocks/google-consent': 'SCRAPE_BLOCKED_BY_SITE',
      '/blocks/members-only': 'SCRAPE_BLOCKED_BY_SITE',
      '/blocks/gone-astray': 'SCRAPE_PAGE_NOT_FOUND',
      '/blocks/parked': 'SCRAPE_PAGE_NOT_FOUND',
    });
    // The index and the app shell (returned, with its warning) were charged; no block page was.
    expect(summary.completed).toBe(2);
    expect(summary.creditsUsed).toBe(2);
    expect(await store.teams.getCredits('payer')).toBe(98);
  });

  it('backs off a host that answers rate limits before trying the page again', async () => {
    site.resetRequests();
    const job = batchScrape([`${site.url}/blocks/rate-limit`], { maxRetries: 1 });
    const summary = await job.done;
    expect(summary).toMatchObject({ completed: 0, failed: 1 });
    const [first, second] = site.requests.filter((r) => r.path === '/blocks/rate-limit');
    expect(second).toBeDefined();
    // The host paused at least the Retry-After (1 s) and the first back-off step (1 s).
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    const { errors } = await job.errors();
    expect(errors[0]).toMatchObject({ code: 'SCRAPE_BLOCKED_BY_SITE' });
    expect(errors[0]!.error).toMatch(/a rate-limit page/);
  });
});
