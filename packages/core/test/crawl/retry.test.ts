import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasicFetcher } from '../../src/crawl/fetcher.js';
import { backoffDelay, classifyError, classifyStatus, parseRetryAfter, retryingFetcher, withRetries } from '../../src/crawl/retry.js';
import { TrawlError } from '../../src/errors.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

const basic = createBasicFetcher({ timeoutMs: 2000 });
const fast = { baseDelayMs: 20, maxDelayMs: 100 };

describe('retryingFetcher against the fixture site', () => {
  it('retries a transient 503 until the page recovers', async () => {
    const retries: number[] = [];
    const fetcher = retryingFetcher(basic, { ...fast, maxRetries: 3, onRetry: (info) => retries.push(info.retry) });
    const response = await fetcher(`${site.url}/flaky?key=recovers&fail=2`);
    expect(response.status).toBe(200);
    expect(new TextDecoder().decode(response.body)).toContain('attempt 3');
    expect(retries).toEqual([1, 2]);
    expect(site.requests.filter((r) => r.path.startsWith('/flaky?key=recovers')).length).toBe(3);
  });

  it('gives up after maxRetries and returns the last response', async () => {
    const fetcher = retryingFetcher(basic, { ...fast, maxRetries: 2 });
    const response = await fetcher(`${site.url}/flaky?key=stubborn&fail=10`);
    expect(response.status).toBe(503);
    expect(site.requests.filter((r) => r.path.startsWith('/flaky?key=stubborn')).length).toBe(3);
  });

  it('does not retry a permanent failure', async () => {
    site.resetRequests();
    const fetcher = retryingFetcher(basic, fast);
    for (const status of [404, 403, 410, 400]) {
      expect((await fetcher(`${site.url}/status/${status}`)).status).toBe(status);
      expect(site.hits(`/status/${status}`)).toBe(1);
    }
  });

  it('waits for Retry-After rather than its shorter backoff', async () => {
    site.resetRequests();
    const fetcher = retryingFetcher(basic, { ...fast, maxRetries: 1 });
    await fetcher(`${site.url}/status/429`);
    const [first, second] = site.requests.filter((r) => r.path === '/status/429');
    expect(second).toBeDefined();
    // Retry-After: 1, measured between server arrivals (a little network jitter allowed).
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs', async () => {
    site.resetRequests();
    const started = Date.now();
    const response = await retryingFetcher(basic, { ...fast, maxRetryAfterMs: 500 })(`${site.url}/status/503`);
    expect(response.status).toBe(503);
    expect(site.hits('/status/503')).toBe(1);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('retries a timeout and a refused connection, but not a refused URL', async () => {
    site.resetRequests();
    const impatient = retryingFetcher(createBasicFetcher({ timeoutMs: 100 }), { ...fast, maxRetries: 1 });
    await expect(impatient(`${site.url}/hang`)).rejects.toMatchObject({ code: 'SCRAPE_TIMEOUT' });
    expect(site.hits('/hang')).toBe(2);

    const closed = await startFixtureSite();
    await closed.close();
    const attempts: string[] = [];
    const refused = retryingFetcher(basic, { ...fast, maxRetries: 2, onRetry: (info) => attempts.push(info.reason) });
    await expect(refused(`${closed.url}/`)).rejects.toMatchObject({ code: 'SCRAPE_CONNECTION_ERROR' });
    expect(attempts).toHaveLength(2);

    const tooSmall = retryingFetcher(createBasicFetcher({ maxBodyBytes: 1024 }), fast);
    await expect(tooSmall(`${site.url}/large?kb=10`)).rejects.toMatchObject({ code: 'SCRAPE_TOO_LARGE' });
    expect(site.hits('/large')).toBe(1);
  });

  it('stops waiting when cancelled', async () => {
    const controller = new AbortController();
    const pending = retryingFetcher(basic, { baseDelayMs: 5000, maxRetries: 3 })(`${site.url}/flaky?key=cancel&fail=5`, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(pending).rejects.toMatchObject({ code: 'SCRAPE_ABORTED' });
    expect(Date.now() - started).toBeLessThan(1000);
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

describe('withRetries', () => {
  it('rethrows a permanent error at once and the last transient error after the retries', async () => {
    let calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw new TrawlError('SCRAPE_BLOCKED_URL', 'no');
      }, fast),
    ).rejects.toMatchObject({ code: 'SCRAPE_BLOCKED_URL' });
    expect(calls).toBe(1);

    calls = 0;
    await expect(
      withRetries(async (attempt) => {
        calls++;
        throw new TrawlError('SCRAPE_TIMEOUT', `attempt ${attempt}`);
      }, fast),
    ).rejects.toThrow('attempt 3');
    expect(calls).toBe(3); // default maxRetries is 2
  });
});
