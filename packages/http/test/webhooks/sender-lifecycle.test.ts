import { describe, expect, it } from 'vitest';
import { answer } from '@trawl/testkit';
import { startedEvent } from '../../src/webhooks/index.js';
import { useWebhookHarness } from './harness.js';

describe('webhook sender lifecycle', () => {
  const harness = useWebhookHarness();

  it('returns from send at once even when the receiver hangs, and close() ends promptly', async () => {
    const receiver = await harness.receiver(() => undefined); // never answers
    const { sender, failures } = harness.sender({ timeoutMs: 60_000, closeGraceMs: 100 });

    const before = performance.now();
    for (let i = 0; i < 20; i++) sender.send({ url: receiver.url }, startedEvent('crawl', `job-${i}`));
    expect(performance.now() - before).toBeLessThan(100);
    await receiver.waitForRequests(8); // the default concurrency

    const closing = performance.now();
    await sender.close();
    expect(performance.now() - closing).toBeLessThan(1_000);
    expect(failures).toHaveLength(20);
    const queued = failures.filter((f) => f.attempts === 0);
    const inFlight = failures.filter((f) => f.attempts === 1);
    expect(queued).toHaveLength(12);
    expect(inFlight).toHaveLength(8);
    expect(queued.every((f) => /closed before the delivery/.test(f.error))).toBe(true);
    expect(inFlight.every((f) => /closed while the delivery was in flight/.test(f.error))).toBe(true);
    await sender.idle(); // nothing left
  });

  it('cancels waiting retries on close', async () => {
    const receiver = await harness.receiver((_req, res) => answer(res, 500));
    const { sender, failures } = harness.sender({ baseDelayMs: 30_000 });

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-1'));
    await receiver.waitForRequests(1);
    await new Promise((resolve) => setTimeout(resolve, 20)); // let the 500 arrive and the retry be scheduled

    const closing = performance.now();
    await sender.close();
    expect(performance.now() - closing).toBeLessThan(500);
    expect(receiver.requests).toHaveLength(1);
    expect(failures).toHaveLength(1);
  });

  it('reports events sent after close instead of throwing', async () => {
    const { sender, failures } = harness.sender();
    await sender.close();

    expect(() => sender.send({ url: 'http://127.0.0.1:9/hooks' }, startedEvent('crawl', 'job-2'))).not.toThrow();
    expect(failures).toEqual([expect.objectContaining({ attempts: 0, error: 'the webhook sender is closed' })]);
  });

  it('reports an event that cannot be serialised instead of throwing', async () => {
    const { sender, failures } = harness.sender();
    const circular: Record<string, unknown> = {};
    circular.self = circular;

    expect(() => sender.send({ url: 'http://127.0.0.1:9/hooks' }, { type: 'crawl.page', id: 'job-3', data: [circular] })).not.toThrow();
    expect(failures[0]!.error).toMatch(/could not prepare the delivery/);
    await sender.idle();
  });
});
