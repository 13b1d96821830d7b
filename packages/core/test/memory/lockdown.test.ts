import { profileFixtures, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, isTrawlError, scrape } from '../../src/index.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function errorOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (isTrawlError(error)) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('lockdown (answer from the page memory only)', () => {
  it('a miss is SCRAPE_LOCKDOWN_MISS without loading the page; a kept copy of any age answers, for the same formats only', async () => {
    const store = createMemoryStore();
    const url = `${site.url}${profileFixtures.menu.path}?library-lockdown`;
    const loads = () => site.requests.filter((request) => request.path.endsWith('?library-lockdown')).length;
    const miss = await errorOf(scrape(url, { store, lockdown: true, convertPool: false }));
    expect(miss).toMatchObject({ code: 'SCRAPE_LOCKDOWN_MISS', status: 404 });
    expect(loads()).toBe(0);

    let clock = Date.now();
    const pageMemory = { now: () => clock };
    const fresh = await scrape(url, { store, pageMemory, maxAge: 0, convertPool: false });
    expect(loads()).toBe(1);
    // A week later, with maxAge 0: lockdown still answers from the kept copy and loads nothing.
    clock += 7 * 86_400_000;
    const kept = await scrape(url, { store, pageMemory, lockdown: true, maxAge: 0, convertPool: false });
    expect(kept.markdown).toBe(fresh.markdown);
    expect(kept.metadata.cacheState).toBe('hit');
    expect(loads()).toBe(1);
    // The copy answers for the options it was made with: another format is a miss, not a load.
    const other = await errorOf(scrape(url, { store, lockdown: true, formats: ['html'], convertPool: false }));
    expect(other.code).toBe('SCRAPE_LOCKDOWN_MISS');
    expect(loads()).toBe(1);
  });

  it('needs a store', async () => {
    const error = await errorOf(scrape(`${site.url}${profileFixtures.menu.path}`, { lockdown: true, convertPool: false }));
    expect(error.code).toBe('INVALID_OPTIONS');
    expect(error.message).toMatch(/lockdown need a store/);
  });
});
