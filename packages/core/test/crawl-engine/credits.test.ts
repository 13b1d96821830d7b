import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchScrape, crawl, createMemoryStore } from '../../src/index.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());
beforeEach(() => site.resetRequests());

/** Page requests of the crawl (robots.txt and sitemaps are not pages). */
const pageRequests = () => site.requests.filter((r) => r.path.startsWith('/crawl/')).length;

describe('credits in the job runtime', () => {
  it('reserves each page before fetching it: a team with 4 credits gets 4 pages, the rest are refused unfetched', async () => {
    const store = createMemoryStore();
    await store.teams.setCredits('payer', 4);
    const job = crawl(`${site.url}/crawl/`, { store, teamId: 'payer', ignoreSitemap: true });
    const summary = await job.done;

    expect(summary.status).toBe('completed');
    // Pages that fail give their hold back, but a page refused meanwhile stays refused: at most 4.
    expect(summary.completed).toBeGreaterThanOrEqual(1);
    expect(summary.completed).toBeLessThanOrEqual(4);
    expect(summary.creditsUsed).toBe(summary.completed);
    expect(await store.teams.getCredits('payer')).toBe(4 - summary.completed);
    const { errors } = await job.errors();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((error) => error.code === 'INSUFFICIENT_CREDITS')).toBe(true);
    // Only paid pages were fetched (a redirect may cost one extra request).
    expect(pageRequests()).toBeLessThanOrEqual(5);
  });

  it('gives back the hold of a page that ends in an error', async () => {
    const store = createMemoryStore();
    await store.teams.setCredits('payer', 5);
    const job = batchScrape([`${site.url}/articles/minimal`, `${site.url}/status/404`, `${site.url}/redirect/loop-a`], {
      store,
      teamId: 'payer',
    });
    expect(await job.done).toMatchObject({ completed: 1, failed: 2, creditsUsed: 1 });
    expect(await store.teams.getCredits('payer')).toBe(4);
  });

  it('lets a team without a balance crawl, unlimited', async () => {
    const store = createMemoryStore();
    const job = batchScrape([`${site.url}/blog/1`, `${site.url}/blog/2`], { store, teamId: 'free' });
    expect(await job.done).toMatchObject({ completed: 2, creditsUsed: 2 });
    expect(await store.teams.getCredits('free')).toBeNull();
  });
});
