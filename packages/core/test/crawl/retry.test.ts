import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchScrape, type BatchScrapeOptions } from '../../src/crawl/crawl.js';
import { backoffDelay, classifyError, classifyStatus, parseRetryAfter } from '../../src/crawl/retry.js';
import { TrawlError } from '../../src/errors.js';
import { createMemoryStore } from '../../src/stores/memory/index.js';
import { readAllDocuments } from '../../src/jobs/result-pages.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());
beforeEach(() => site.resetRequests());

// Retries are tested as a crawl runs them: a transient failure puts the page back in the
// frontier with a backoff (or the server's Retry-After), and a later lease loads it again.
const fetchOnly: BatchScrapeOptions = { engine: 'http', convertPool: false, scrapeOptions: { formats: ['rawHtml'] } };

async function scrapeOne(url: string, options: BatchScrapeOptions) {
  const store = createMemoryStore();
  const job = batchScrape([url], { ...fetchOnly, store, ...options });
  const summary = await job.done;
  const { errors } = await job.errors();
  return { summary, errors, documents: await readAllDocuments(store, job.id) };
}

const hitsOf = (prefix: string) => site.requests.filter((r) => r.path.startsWith(prefix)).length;

describe('retries of a running job, against the fixture site', () => {
  it('retries a transient 503 until the page recovers', async () => {
    const { summary, documents } = await scrapeOne(`${site.url}/flaky?key=recovers&fail=2`, { maxRetries: 3 });
    expect(summary).toMatchObject({ status: 'completed', completed: 1, failed: 0 });
    expect(documents[0]!.rawHtml).toContain('attempt 3');
    expect(hitsOf('/flaky?key=recovers')).toBe(3);
  });

  it('gives up after maxRetries and records the last status', async () => {
    const { summary, errors } = await scrapeOne(`${site.url}/flaky?key=stubborn&fail=10`, { maxRetries: 2 });
    expect(summary).toMatchObject({ completed: 0, failed: 1 });
    expect(errors[0]!.code).toBe('HTTP_503');
    expect(hitsOf('/flaky?key=stubborn')).toBe(3);
  });

  it('does not retry a permanent failure', async () => {
    for (const status of [404, 403, 410, 400]) {
      const { errors } = await scrapeOne(`${site.url}/status/${status}`, { maxRetries: 2 });
      expect(errors[0]!.code).toBe(`HTTP_${status}`);
      expect(site.hits(`/status/${status}`)).toBe(1);
    }
  });

  it('waits for Retry-After rather than its shorter backoff', async () => {
    await scrapeOne(`${site.url}/status/429`, { maxRetries: 1 });
    const [first, second] = site.requests.filter((r) => r.path === '/status/429');
    expect(second).toBeDefined();
    // Retry-After: 1, measured between server arrivals (a little network jitter allowed).
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('retries a timeout, but not a page over the size cap', async () => {
    const timedOut = await scrapeOne(`${site.url}/hang`, { maxRetries: 1, scrapeOptions: { formats: ['rawHtml'], timeout: 500 } });
    expect(timedOut.errors[0]!.code).toBe('SCRAPE_TIMEOUT');
    expect(site.hits('/hang')).toBe(2);

    // 21 MB: past the engine's 20 MiB cap on a page body.
    const tooLarge = await scrapeOne(`${site.url}/large?kb=21000`, { maxRetries: 2 });
    expect(tooLarge.errors[0]!.code).toBe('SCRAPE_TOO_LARGE');
    expect(hitsOf('/large')).toBe(1);
  });

  it('retries a dropped connection', async () => {
    let connections = 0;
    // Accepts each connection and closes it unanswered; a reset racing the close is no failure here.
    const dropper: Server = createServer((socket) => {
      connections++;
      socket.on('error', () => undefined);
      socket.destroy();
    });
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
    try {
      const { errors } = await scrapeOne(`http://127.0.0.1:${(dropper.address() as AddressInfo).port}/`, { maxRetries: 2 });
      expect(errors[0]!.code).toBe('SCRAPE_CONNECTION_ERROR');
      expect(connections).toBe(3);
    } finally {
      await new Promise((resolve) => dropper.close(resolve));
    }
  });

  it('follows redirects up to the cap, and fails a longer chain without retrying it', async () => {
    const { summary } = await scrapeOne(`${site.url}/redirect/chain/5`, { maxRetries: 2 });
    expect(summary).toMatchObject({ completed: 1, failed: 0 });
    const { errors } = await scrapeOne(`${site.url}/redirect/chain/40`, { maxRetries: 2 });
    expect(errors[0]!.code).toBe('SCRAPE_TOO_MANY_REDIRECTS');
    expect(site.hits('/redirect/chain/40')).toBe(1);
  });

  it('stops waiting to retry when the job is cancelled', async () => {
    const controller = new AbortController();
    const job = batchScrape([`${site.url}/flaky?key=cancel&fail=5`], { ...fetchOnly, maxRetries: 3, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect((await job.done).status).toBe('cancelled');
    expect(hitsOf('/flaky?key=cancel')).toBe(1);
  });
});

describe('classifyStatus', () => {
  it.each([
    [200, 'success'],
    [204, 'success'],
    [304, 'success'],
    [408, 'transient'],
    [425, 'transient'],
    [429, 'transient'],
    [500, 'transient'],
    [502, 'transient'],
    [503, 'transient'],
    [504, 'transient'],
    [400, 'permanent'],
    [401, 'permanent'],
    [403, 'permanent'],
    [404, 'permanent'],
    [410, 'permanent'],
    [451, 'permanent'],
    [501, 'permanent'],
    [505, 'permanent'],
  ])('%i → %s', (status, kind) => {
    expect(classifyStatus(status)).toBe(kind);
  });
});

describe('classifyError', () => {
  const withCode = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
  it.each<[string, unknown, string]>([
    ['timeout', new TrawlError('SCRAPE_TIMEOUT', 't'), 'transient'],
    ['connection', new TrawlError('SCRAPE_CONNECTION_ERROR', 'c'), 'transient'],
    ['dns', new TrawlError('SCRAPE_DNS_RESOLUTION_ERROR', 'd', { cause: withCode('ENOTFOUND') }), 'permanent'],
    ['dns try again (wrapped)', new TrawlError('SCRAPE_DNS_RESOLUTION_ERROR', 'd', { cause: withCode('EAI_AGAIN') }), 'transient'],
    ['tls', new TrawlError('SCRAPE_SSL_ERROR', 's'), 'permanent'],
    ['blocked', new TrawlError('SCRAPE_BLOCKED_URL', 'b'), 'permanent'],
    ['content', new TrawlError('SCRAPE_UNSUPPORTED_CONTENT', 'u'), 'permanent'],
    ['too large', new TrawlError('SCRAPE_TOO_LARGE', 'l'), 'permanent'],
    ['aborted', new TrawlError('SCRAPE_ABORTED', 'a'), 'permanent'],
    ['undici reset', withCode('ECONNRESET'), 'transient'],
    ['undici socket', withCode('UND_ERR_SOCKET'), 'transient'],
    ['dns try again', withCode('EAI_AGAIN'), 'transient'],
    ['dns not found', withCode('ENOTFOUND'), 'permanent'],
    ['DOMException timeout', new DOMException('t', 'TimeoutError'), 'transient'],
    ['DOMException abort', new DOMException('a', 'AbortError'), 'permanent'],
    ['a bug', new RangeError('oops'), 'permanent'],
  ])('%s → %s', (_name, error, kind) => {
    expect(classifyError(error)).toBe(kind);
  });
});

describe('backoffDelay', () => {
  it('doubles per retry, jitters the upper half and stops at the cap', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(1, policy, () => 0)).toBe(50);
    expect(backoffDelay(1, policy, () => 1)).toBe(100);
    expect(backoffDelay(3, policy, () => 0)).toBe(200);
    expect(backoffDelay(3, policy, () => 1)).toBe(400);
    expect(backoffDelay(10, policy, () => 1)).toBe(1000);
    expect(backoffDelay(10, policy, () => 0)).toBe(500);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(2, policy);
      expect(delay).toBeGreaterThanOrEqual(100);
      expect(delay).toBeLessThanOrEqual(200);
    }
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it.each<[string | undefined, number | undefined]>([
    ['1', 1000],
    [' 120 ', 120_000],
    ['0', 0],
    ['Wed, 01 Jan 2025 00:00:30 GMT', 30_000],
    ['Tue, 31 Dec 2024 23:00:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    [undefined, undefined],
  ])('%s → %s', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
});
