import { setTimeout as sleep } from 'node:timers/promises';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBasicFetcher, type ResourceFetcher } from '../../src/crawl/fetcher.js';
import { createHostScheduler, politeFetcher } from '../../src/crawl/politeness.js';
import type { HostPacer } from '../../src/ports/store.js';
import { retryingFetcher } from '../../src/crawl/retry.js';
import { createRobotsPolicy } from '../../src/crawl/robots.js';
import { gaps, startConcurrencyServer, type ConcurrencyMeter, type ConcurrencyServer } from './helpers/concurrency-server.js';

const basic = createBasicFetcher({ timeoutMs: 5000 });
/** Server-side arrival times lag client-side starts by network and event-loop jitter on a busy machine. */
const JITTER_MS = 50;

/** The basic fetcher, noting per origin when each request actually leaves (inside its scheduler slot). */
function timedFetcher(): { fetcher: ResourceFetcher; starts: (origin: string) => number[] } {
  const starts = new Map<string, number[]>();
  return {
    fetcher: (url, init) => {
      const origin = new URL(url).origin;
      starts.set(origin, [...(starts.get(origin) ?? []), Date.now()]);
      return basic(url, init);
    },
    starts: (origin) => starts.get(origin) ?? [],
  };
}

/** Start-to-start spacing: exact on the client, within jitter on the server. */
function expectSpacing(clientStarts: number[], serverArrivals: number[], delayMs: number): void {
  // A few ms: on a busy machine the process can be descheduled between the scheduler's check
  // and the fetcher noting its start. Without the delay these gaps would be ~0.
  for (const gap of gaps(clientStarts)) expect(gap).toBeGreaterThanOrEqual(delayMs - 5);
  for (const gap of gaps(serverArrivals)) expect(gap).toBeGreaterThanOrEqual(delayMs - JITTER_MS);
}

let servers: ConcurrencyServer[] = [];
/** Three servers with a warm keep-alive connection each, so connection setup does not blur timings. */
async function servers3(meter?: ConcurrencyMeter): Promise<ConcurrencyServer[]> {
  const started = await Promise.all([0, 1, 2].map(() => startConcurrencyServer(meter)));
  servers.push(...started);
  await Promise.all(started.map((server) => basic(`${server.url}/warm-up?ms=0`)));
  for (const server of started) server.arrivals.length = 0;
  if (meter) meter.maxInFlight = 0;
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

describe('createHostScheduler', () => {
  it('never exceeds the per-host concurrency, while hosts run side by side', async () => {
    const meter = { inFlight: 0, maxInFlight: 0 };
    const hosts = await servers3(meter);
    const fetcher = politeFetcher(basic, createHostScheduler({ concurrency: 10, perHostConcurrency: 2 }));
    await Promise.all(hosts.flatMap((host) => Array.from({ length: 6 }, (_, i) => fetcher(`${host.url}/page-${i}?ms=80`))));
    for (const host of hosts) {
      expect(host.arrivals).toHaveLength(6);
      expect(host.maxInFlight).toBe(2);
    }
    expect(meter.maxInFlight).toBe(6);
  });

  it('never exceeds the global concurrency across hosts', async () => {
    const meter = { inFlight: 0, maxInFlight: 0 };
    const hosts = await servers3(meter);
    const fetcher = politeFetcher(basic, createHostScheduler({ concurrency: 3, perHostConcurrency: 3 }));
    await Promise.all(hosts.flatMap((host) => Array.from({ length: 4 }, (_, i) => fetcher(`${host.url}/p${i}?ms=60`))));
    expect(meter.maxInFlight).toBe(3);
  });

  it('spaces request starts on one host by the delay, without slowing other hosts', async () => {
    const [slow, other] = await servers3();
    const timed = timedFetcher();
    const fetcher = politeFetcher(timed.fetcher, createHostScheduler({ perHostConcurrency: 2, delayMs: 150 }));
    const started = Date.now();
    await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => fetcher(`${slow!.url}/d${i}?ms=10`)),
      ...Array.from({ length: 2 }, (_, i) => fetcher(`${other!.url}/o${i}?ms=10`)),
    ]);
    expect(slow!.arrivals).toHaveLength(4);
    expectSpacing(timed.starts(slow!.url), slow!.arrivals, 150);
    expectSpacing(timed.starts(other!.url), other!.arrivals, 150);
    // The other host has its own spacing, started at once rather than behind the first host.
    expect(Math.min(...other!.arrivals) - started).toBeLessThan(300);
  });

  it('shares the delay with another scheduler through a host pacer, as workers over one store do', async () => {
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
    const timed = timedFetcher();
    const workers = [0, 1].map(() => politeFetcher(timed.fetcher, createHostScheduler({ perHostConcurrency: 2, delayMs: 150, pacer })));
    await Promise.all(workers.flatMap((fetcher, w) => Array.from({ length: 3 }, (_, i) => fetcher(`${shared!.url}/w${w}-${i}?ms=10`))));
    expect(shared!.arrivals).toHaveLength(6);
    // Without the pacer each scheduler would space only its own requests: pairs would arrive together.
    expectSpacing(timed.starts(shared!.url), shared!.arrivals, 150);
  });

  it('uses robots.txt Crawl-delay when it is longer than the delay option', async () => {
    const robots = createRobotsPolicy({ fetcher: basic });
    const timed = timedFetcher();
    const fetcher = politeFetcher(timed.fetcher, createHostScheduler({ delayMs: 50, crawlDelay: (url) => robots.crawlDelay(url) }));
    await basic(`${site.url}/blog/1`); // warm connection
    site.resetRequests();
    await Promise.all([1, 2, 3].map((n) => fetcher(`${site.url}/blog/${n}`)));
    const arrivals = site.requests.filter((r) => r.path.startsWith('/blog/')).map((r) => r.at);
    expect(arrivals).toHaveLength(3);
    expectSpacing(timed.starts(site.url), arrivals, 300); // Crawl-delay: 0.3
  });

  it('uses the delay option when it is longer than Crawl-delay, and caps a huge Crawl-delay', async () => {
    const [first, second] = await servers3();
    const timed = timedFetcher();
    const fetcher = politeFetcher(timed.fetcher, createHostScheduler({ delayMs: 200, crawlDelay: () => 0.05 }));
    await Promise.all([0, 1, 2].map((i) => fetcher(`${first!.url}/x${i}?ms=5`)));
    expectSpacing(timed.starts(first!.url), first!.arrivals, 200);

    const capped = politeFetcher(timed.fetcher, createHostScheduler({ crawlDelay: () => 86_400, maxCrawlDelayMs: 120 }));
    const started = Date.now();
    await Promise.all([0, 1, 2].map((i) => capped(`${second!.url}/y${i}?ms=5`)));
    expectSpacing(timed.starts(second!.url), second!.arrivals, 120);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('pauses a host that answers 429 with Retry-After, and only that host', async () => {
    site.resetRequests();
    otherSite.resetRequests();
    const fetcher = politeFetcher(basic, createHostScheduler({ perHostConcurrency: 4 }));
    const limited = await fetcher(`${site.url}/status/429`);
    expect(limited.status).toBe(429);
    const started = Date.now();
    await Promise.all([fetcher(`${site.url}/articles/minimal`), fetcher(`${otherSite.url}/articles/minimal`)]);
    const [rateLimited] = site.requests.filter((r) => r.path === '/status/429');
    const [next] = site.requests.filter((r) => r.path === '/articles/minimal');
    expect(next!.at - rateLimited!.at).toBeGreaterThanOrEqual(1000 - JITTER_MS); // Retry-After: 1
    expect(otherSite.requests.find((r) => r.path === '/articles/minimal')!.at - started).toBeLessThan(300);
  });

  it('holds queued requests of a host when one of them gets a 503 with Retry-After', async () => {
    site.resetRequests();
    const fetcher = politeFetcher(basic, createHostScheduler({ perHostConcurrency: 1 }));
    await Promise.all([fetcher(`${site.url}/status/503`), fetcher(`${site.url}/blog/1`), fetcher(`${site.url}/blog/2`)]);
    const at = (path: string) => site.requests.find((r) => r.path === path)!.at;
    expect(at('/blog/1') - at('/status/503')).toBeGreaterThanOrEqual(1000 - JITTER_MS);
    expect(at('/blog/2') - at('/blog/1')).toBeLessThan(1000);
  });

  it('retries through the scheduler: a transient failure is retried and recovers', async () => {
    site.resetRequests();
    const retries: number[] = [];
    const fetcher = retryingFetcher(politeFetcher(basic, createHostScheduler()), {
      baseDelayMs: 20,
      onRetry: (info) => retries.push(info.retry),
    });
    expect((await fetcher(`${site.url}/flaky?key=polite&fail=1`)).status).toBe(200);
    expect(retries).toEqual([1]);
    expect((await fetcher(`${site.url}/status/404`)).status).toBe(404);
    expect(site.hits('/status/404')).toBe(1);
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
