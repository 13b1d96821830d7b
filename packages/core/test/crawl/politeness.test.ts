import { setTimeout as sleep } from 'node:timers/promises';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { batchScrape, crawl, type BatchScrapeOptions } from '../../src/crawl/crawl.js';
import type { CrawlOptions } from '../../src/crawl/crawl-options.js';
import { httpResourceFetcher } from '../../src/crawl/http-resource-fetcher.js';
import { createHostScheduler } from '../../src/crawl/politeness.js';
import { createMemoryStore } from '../../src/stores/memory/index.js';
import type { HostPacer } from '../../src/ports/store.js';
import { OPEN_POLICY } from '../../src/url/ssrf.js';
import { gaps, startConcurrencyServer, type ConcurrencyMeter, type ConcurrencyServer } from './helpers/concurrency-server.js';

// Politeness is tested as a crawl runs it: batchScrape leases pages from the frontier and loads
// each through the job's host scheduler and the HTTP engine (pipeline/load-page.ts).
const fetchOnly: BatchScrapeOptions = { engine: 'http', convertPool: false, scrapeOptions: { formats: ['rawHtml'] } };

/** Server-side arrival times lag client-side starts by network and event-loop jitter on a busy machine. */
const JITTER_MS = 50;

async function scrapeAll(urls: string[], options: BatchScrapeOptions = {}): Promise<void> {
  const summary = await batchScrape(urls, { ...fetchOnly, maxRetries: 0, ...options }).done;
  expect(summary.status).toBe('completed');
}

/** Crawls three pages of the fixture's link tree: a crawl reads robots.txt, so its Crawl-delay applies. */
async function crawlPages(on: FixtureSite, options: CrawlOptions): Promise<void> {
  const summary = await crawl(`${on.url}/crawl/`, { ...fetchOnly, ignoreSitemap: true, limit: 3, maxConcurrency: 4, ...options }).done;
  expect(summary.status).toBe('completed');
}

function expectSpacing(serverArrivals: number[], delayMs: number): void {
  for (const gap of gaps(serverArrivals)) expect(gap).toBeGreaterThanOrEqual(delayMs - JITTER_MS);
}

let servers: ConcurrencyServer[] = [];
async function servers3(meter?: ConcurrencyMeter): Promise<ConcurrencyServer[]> {
  const started = await Promise.all([0, 1, 2].map(() => startConcurrencyServer(meter)));
  servers.push(...started);
  return started;
}
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

let site: FixtureSite;
let otherSite: FixtureSite;
beforeAll(async () => {
  [site, otherSite] = await Promise.all([startFixtureSite({ crawlDelay: 0.3 }), startFixtureSite()]);
});
afterAll(() => Promise.all([site.close(), otherSite.close()]));

describe('politeness of a running job', () => {
  it('never exceeds the per-host concurrency, while hosts run side by side', async () => {
    const meter = { inFlight: 0, maxInFlight: 0 };
    const hosts = await servers3(meter);
    const urls = hosts.flatMap((host) => Array.from({ length: 6 }, (_, i) => `${host.url}/page-${i}?ms=150`));
    await scrapeAll(urls, { maxConcurrency: 10, perHostConcurrency: 2 });
    for (const host of hosts) {
      expect(host.arrivals).toHaveLength(6);
      expect(host.maxInFlight).toBe(2);
    }
    expect(meter.maxInFlight).toBe(6);
  });

  it('never exceeds the global concurrency across hosts', async () => {
    const meter = { inFlight: 0, maxInFlight: 0 };
    const hosts = await servers3(meter);
    const urls = hosts.flatMap((host) => Array.from({ length: 4 }, (_, i) => `${host.url}/p${i}?ms=100`));
    await scrapeAll(urls, { maxConcurrency: 3, perHostConcurrency: 3 });
    expect(meter.maxInFlight).toBe(3);
  });

  it('spaces request starts on one host by the delay, without holding other hosts behind it', async () => {
    const [slow, other] = await servers3();
    const urls = [
      ...Array.from({ length: 4 }, (_, i) => `${slow!.url}/d${i}?ms=10`),
      ...Array.from({ length: 2 }, (_, i) => `${other!.url}/o${i}?ms=10`),
    ];
    await scrapeAll(urls, { perHostConcurrency: 2, delay: 0.15 });
    expect(slow!.arrivals).toHaveLength(4);
    expectSpacing(slow!.arrivals, 150);
    expectSpacing(other!.arrivals, 150);
    // Each host has its own spacing: the other host's first page does not wait for the slow host's last.
    expect(Math.min(...other!.arrivals)).toBeLessThan(Math.max(...slow!.arrivals));
  });

  it("shares the delay with another job through the store's host pacer, as workers over one store do", async () => {
    const [shared] = await servers3();
    // The pacer two processes would share through their store: one turn per interval per host.
    const nextTurn = new Map<string, number>();
    const pacer: HostPacer = {
      async waitTurn(host, intervalMs, signal) {
        const now = Date.now();
        const turn = Math.max(now, nextTurn.get(host) ?? 0);
        nextTurn.set(host, turn + intervalMs);
        if (turn > now) await sleep(turn - now, undefined, { signal });
      },
    };
    const store = Object.assign(createMemoryStore(), { hostPacer: pacer });
    await Promise.all(
      [0, 1].map((w) =>
        scrapeAll(
          Array.from({ length: 3 }, (_, i) => `${shared!.url}/w${w}-${i}?ms=10`),
          { store, perHostConcurrency: 2, delay: 0.15 },
        ),
      ),
    );
    expect(shared!.arrivals).toHaveLength(6);
    // Without the pacer each job would space only its own requests: pairs would arrive together.
    expectSpacing(shared!.arrivals, 150);
  });

  it('uses robots.txt Crawl-delay when it is longer than the delay option', async () => {
    site.resetRequests();
    await crawlPages(site, { delay: 0.05 });
    const arrivals = site.requests.filter((r) => r.path.startsWith('/crawl/')).map((r) => r.at);
    expect(arrivals).toHaveLength(3);
    expectSpacing(arrivals, 300); // Crawl-delay: 0.3
  });

  it('uses the delay option when it is longer than Crawl-delay', async () => {
    const brisk = await startFixtureSite({ crawlDelay: 0.05 });
    try {
      await crawlPages(brisk, { delay: 0.2 });
      const arrivals = brisk.requests.filter((r) => r.path.startsWith('/crawl/')).map((r) => r.at);
      expect(arrivals).toHaveLength(3);
      expectSpacing(arrivals, 200);
    } finally {
      await brisk.close();
    }
  });

  it('pauses a host that answers 429 with Retry-After, and only that host', async () => {
    site.resetRequests();
    otherSite.resetRequests();
    // A batch ignores robots.txt, so only the pause spaces the pages; the 429 page fails (no retries).
    const urls = [`${site.url}/status/429`, `${site.url}/articles/minimal`, `${otherSite.url}/articles/minimal`];
    await batchScrape(urls, { ...fetchOnly, maxRetries: 0, perHostConcurrency: 1 }).done;
    const [limited] = site.requests.filter((r) => r.path === '/status/429');
    const [next] = site.requests.filter((r) => r.path === '/articles/minimal');
    expect(next!.at - limited!.at).toBeGreaterThanOrEqual(1000 - JITTER_MS); // Retry-After: 1
    expect(otherSite.requests.find((r) => r.path === '/articles/minimal')!.at).toBeLessThan(limited!.at + 1000 - JITTER_MS);
  });
});

describe('createHostScheduler', () => {
  it('caps a huge Crawl-delay (a day would stall the test)', async () => {
    const scheduler = createHostScheduler({ crawlDelay: () => 86_400, maxCrawlDelayMs: 120 });
    const fetcher = httpResourceFetcher({ timeout: 5000 }, OPEN_POLICY);
    const [server] = await servers3();
    await Promise.all([0, 1, 2].map((i) => scheduler.run(`${server!.url}/y${i}`, () => fetcher(`${server!.url}/y${i}?ms=5`))));
    expect(server!.arrivals).toHaveLength(3);
    expectSpacing(server!.arrivals, 120);
  });

  it('releases idle hosts, so memory does not grow with the hosts ever seen', async () => {
    const scheduler = createHostScheduler({ concurrency: 50, delayMs: 30 });
    const ran: string[] = [];
    await Promise.all(
      Array.from({ length: 1000 }, (_, i) => scheduler.run(`https://host-${i}.example/`, async () => void ran.push(String(i)))),
    );
    expect(ran).toHaveLength(1000);
    expect(scheduler.trackedHosts).toBeGreaterThan(0); // still inside their 30 ms delay
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(scheduler.trackedHosts).toBe(0);
  });

  it('keeps a paused host until the pause is over, then releases it', async () => {
    const scheduler = createHostScheduler();
    scheduler.pauseHost('https://paused.example/', 80);
    expect(scheduler.trackedHosts).toBe(1);
    const started = Date.now();
    await scheduler.run('https://paused.example/page', async () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(scheduler.trackedHosts).toBe(0);
  });

  it('cancels a request waiting for its turn, and reports onIdle', async () => {
    const scheduler = createHostScheduler();
    scheduler.pauseHost('https://busy.example/', 5000);
    const controller = new AbortController();
    const waiting = scheduler.run('https://busy.example/x', async () => 'ran', { signal: controller.signal });
    const idle = scheduler.onIdle();
    setTimeout(() => controller.abort(), 30);
    await expect(waiting).rejects.toMatchObject({ code: 'SCRAPE_ABORTED' });
    await idle;
    expect(await scheduler.run('https://free.example/', async () => 'ran')).toBe('ran');
  });

  it('propagates task errors and keeps going', async () => {
    const scheduler = createHostScheduler({ perHostConcurrency: 1 });
    await expect(scheduler.run('https://a.example/', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await scheduler.run('https://a.example/', async () => 42)).toBe(42);
  });
});
