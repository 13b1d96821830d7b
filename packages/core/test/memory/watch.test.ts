import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changingPageHtml, INITIAL_CHANGING_PAGE, startFixtureSite, type ChangingPage, type FixtureSite } from '@trawl/testkit';
import { createMemoryStore, type PageChange, watch } from '../../src/index.js';

const pages = new Map<string, ChangingPage>();
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ changingPages: pages });
});
afterAll(async () => {
  await site.close();
});

describe('watch()', () => {
  it('yields new pages, then only what changed or went away, until the loop is left', async () => {
    pages.set('/changing/w1', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) });
    pages.set('/changing/w2', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) });
    const urls = [`${site.url}/changing/w1`, `${site.url}/changing/w2`];
    const seen: PageChange[] = [];
    let round = 0;
    const store = createMemoryStore();
    for await (const change of watch(urls, { store, intervalMs: 20, convertPool: false, rounds: 4 })) {
      seen.push(change);
      // Between rounds the test edits the pages: a price change, then a removal.
      if (seen.length === 2)
        pages.set('/changing/w1', { status: 200, html: changingPageHtml({ ...INITIAL_CHANGING_PAGE, price: '$5.00' }) });
      if (change.status === 'changed') pages.set('/changing/w2', { status: 410 });
      if (change.status === 'removed') break;
      round++;
    }
    expect(seen.map((change) => [change.url.slice(site.url.length), change.status])).toEqual([
      ['/changing/w1', 'new'],
      ['/changing/w2', 'new'],
      ['/changing/w1', 'changed'],
      ['/changing/w2', 'removed'],
    ]);
    expect(seen[2]!.changeTracking?.diff?.text).toContain('+Price: **$5.00**');
    expect(round).toBe(3);
  });

  it('stops when the signal aborts', async () => {
    pages.set('/changing/w3', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) });
    const controller = new AbortController();
    const seen: PageChange[] = [];
    for await (const change of watch(`${site.url}/changing/w3`, {
      store: createMemoryStore(),
      intervalMs: 60_000,
      signal: controller.signal,
      includeSame: true,
      convertPool: false,
    })) {
      seen.push(change);
      controller.abort();
    }
    expect(seen.map((change) => change.status)).toEqual(['new']);
  });
});
