import { manyShortLinksPage } from '@trawl/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { ConvertPool } from '../../src/convert/convert-pool.js';
import { isChargedFailure } from '../../src/credits/used-work.js';
import type { TrawlError } from '../../src/errors.js';
import { resolveScrapeOptions } from '../../src/options.js';
import type { PageContent } from '../../src/pipeline/to-document.js';

const URL = 'https://pool.example/page';
const options = resolveScrapeOptions({ formats: ['markdown', 'links'] });

function htmlPage(html: string): PageContent {
  return { url: URL, status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(html) };
}

const article = (title: string) =>
  htmlPage(`<html><head><title>${title}</title></head><body><article><h1>${title}</h1></article></body></html>`);
/** Seconds of a thread's work (a million links), however fast the machine. */
const slowPage = () => htmlPage(manyShortLinksPage(1_000_000));

/** Conversion threads shared between teams: teams in turn, a team's share capped (issue #31 row 7). */
describe('ConvertPool between teams', () => {
  const single = new ConvertPool({ threads: 1, deadlineMs: 120_000 });
  const pair = new ConvertPool({ threads: 2, deadlineMs: 120_000 });
  afterAll(() => Promise.all([single.close(), pair.close()]));

  it('gives the waiting teams turns instead of serving pages first come, first served', async () => {
    const done: string[] = [];
    const send = (teamId: string, name: string) =>
      single.convert(article(name), URL, options, false, undefined, { teamId }).then(() => done.push(name));
    // Team A queues five pages before team B sends one: B's is the third converted, not the sixth.
    const pages = [send('a', 'a1'), send('a', 'a2'), send('a', 'a3'), send('a', 'a4'), send('a', 'a5'), send('b', 'b1')];
    await Promise.all(pages);
    expect(done).toEqual(['a1', 'a2', 'b1', 'a3', 'a4', 'a5']);
  });

  it('leaves a thread to another team using the pool however many slow pages one team sends', async () => {
    expect(pair.threadsPerTeam).toBe(1);
    // Team B has used the pool: from then on team A is held to its share (a team alone takes every thread).
    await pair.convert(article('Harbour'), URL, options, false, undefined, { teamId: 'b' });
    const stop = new AbortController();
    let slowDone = 0;
    // Team A's three slow pages: with first come, first served two of them would hold both threads.
    const slow = [1, 2, 3].map(() =>
      pair
        .convert(slowPage(), URL, options, true, stop.signal, { teamId: 'a' })
        .then(() => slowDone++)
        .catch((error: TrawlError) => error.code),
    );
    const small = await pair.convert(article('Tides'), URL, options, false, undefined, { teamId: 'b' });
    expect(small.document.markdown).toContain('Tides');
    // B's page went to the thread A could not take, while A's first page was still converting.
    expect(slowDone).toBe(0);
    stop.abort();
    expect(await Promise.all(slow)).toEqual(['SCRAPE_ABORTED', 'SCRAPE_ABORTED', 'SCRAPE_ABORTED']);
  });

  it('marks a page stopped at its deadline as charged, and a page the caller gave up on as free', async () => {
    const strict = new ConvertPool({ threads: 1, deadlineMs: 300 });
    try {
      const timedOut = await strict.convert(slowPage(), URL, options, true).catch((error: unknown) => error);
      expect((timedOut as TrawlError).code).toBe('SCRAPE_TIMEOUT');
      expect(isChargedFailure(timedOut)).toBe(true);
      const cancelled = await strict.convert(slowPage(), URL, options, true, AbortSignal.timeout(20)).catch((error: unknown) => error);
      expect((cancelled as TrawlError).code).toBe('SCRAPE_ABORTED');
      expect(isChargedFailure(cancelled)).toBe(false);
    } finally {
      await strict.close();
    }
  });

  it('refuses a team share of no threads, and caps a share at the threads there are', () => {
    expect(() => new ConvertPool({ threads: 1, threadsPerTeam: 0 })).toThrow(/threadsPerTeam must be a whole number/);
    const wide = new ConvertPool({ threads: 1, threadsPerTeam: 4 });
    expect(wide.threadsPerTeam).toBe(1);
    return wide.close();
  });
});
