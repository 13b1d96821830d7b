import { describe, expect, it } from 'vitest';
import { answer } from '@trawl/testkit';
import { completedEvent, startedEvent } from '../../src/webhooks/index.js';
import { useWebhookHarness } from './harness.js';

describe('webhook retries', () => {
  const harness = useWebhookHarness();

  it('retries a 500 until the receiver accepts, with the same delivery id and body', async () => {
    const receiver = await harness.receiver((_req, res, index) => answer(res, index < 2 ? 500 : 204));
    const { sender, failures } = harness.sender({ secret: 's' });

    sender.send({ url: receiver.url }, completedEvent('batch_scrape', 'job-1'));
    await sender.idle();

    expect(receiver.requests).toHaveLength(3);
    const ids = new Set(receiver.requests.map((r) => r.headers['x-trawl-delivery']));
    expect(ids.size).toBe(1);
    expect(new Set(receiver.requests.map((r) => r.body)).size).toBe(1);
    expect(new Set(receiver.requests.map((r) => r.headers['x-trawl-signature'])).size).toBe(1);
    expect(failures).toEqual([]);
  });

  it('does not retry a 400 and reports the failure', async () => {
    const receiver = await harness.receiver((_req, res) => answer(res, 400));
    const { sender, failures } = harness.sender();
    const spec = { url: receiver.url };
    const event = startedEvent('crawl', 'job-2');

    sender.send(spec, event);
    await sender.idle();

    expect(receiver.requests).toHaveLength(1);
    expect(failures).toEqual([{ spec, event, attempts: 1, error: 'receiver answered HTTP 400' }]);
  });

  it('waits as long as a 429 Retry-After asks', async () => {
    const receiver = await harness.receiver((_req, res, index) =>
      index === 0 ? answer(res, 429, { 'Retry-After': '1' }) : answer(res, 200),
    );
    const { sender, failures } = harness.sender({ baseDelayMs: 1 });

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-3'));
    await sender.idle();

    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]!.at - receiver.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(failures).toEqual([]);
  });

  // An uncapped wait would be an hour, far past the test's timeout, so reaching the second
  // request at all proves the cap; retryDelay's own test pins the figure.
  it('caps a Retry-After that is too long', async () => {
    const receiver = await harness.receiver((_req, res, index) =>
      index === 0 ? answer(res, 503, { 'Retry-After': '3600' }) : answer(res, 200),
    );
    const { sender, failures } = harness.sender({ maxRetryAfterMs: 30 });

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-4'));
    await sender.idle();

    expect(receiver.requests).toHaveLength(2);
    expect(failures).toEqual([]);
  });

  it('gives up after maxAttempts and reports the last error', async () => {
    const receiver = await harness.receiver((_req, res) => answer(res, 502));
    const { sender, failures } = harness.sender({ maxAttempts: 3 });

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-5'));
    await sender.idle();

    expect(receiver.requests).toHaveLength(3);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.attempts).toBe(3);
    expect(failures[0]!.error).toMatch(/gave up after 3 attempts: receiver answered HTTP 502/);
  });

  it('retries after a dropped connection', async () => {
    const receiver = await harness.receiver((_req, res, index) => {
      if (index === 0) res.socket?.destroy();
      else answer(res, 200);
    });
    const { sender, failures } = harness.sender();

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-6'));
    await sender.idle();

    expect(receiver.requests).toHaveLength(2);
    expect(failures).toEqual([]);
  });

  it('retries when the receiver does not answer in time', async () => {
    const receiver = await harness.receiver((_req, res, index) => {
      if (index > 0) answer(res, 200); // the first request is left hanging
    });
    const { sender, failures } = harness.sender({ timeoutMs: 150 });

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-7'));
    await sender.idle();

    expect(receiver.requests).toHaveLength(2);
    expect(failures).toEqual([]);
  });

  it('does not follow redirects', async () => {
    const receiver = await harness.receiver((_req, res) => answer(res, 307, { Location: '/elsewhere' }));
    const { sender, failures } = harness.sender();

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-8'));
    await sender.idle();

    expect(receiver.requests.map((r) => r.path)).toEqual(['/hooks']);
    expect(failures[0]!.error).toMatch(/HTTP 307.*do not follow redirects/);
  });
});
