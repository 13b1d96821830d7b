import { describe, expect, it } from 'vitest';
import { answer } from '@trawl/testkit';
import { startedEvent } from '../../src/webhooks/index.js';
import { useWebhookHarness } from './harness.js';

describe('webhook sender lifecycle', () => {
  const harness = useWebhookHarness();

  // The receiver never answers and an attempt may last 60 s, twice the test's timeout: a close()
  // that waited for the attempts instead of cutting them after its grace would fail the test.
  it('returns from send at once even when the receiver hangs, and close() cuts what is in flight', async () => {
    const receiver = await harness.receiver(() => undefined); // never answers
    const { sender, failures } = harness.sender({ timeoutMs: 60_000, closeGraceMs: 100 });

    // send() hands back nothing to wait on: the deliveries are queued, none made or failed yet.
    for (let i = 0; i < 20; i++) expect(sender.send({ url: receiver.url }, startedEvent('crawl', `job-${i}`))).toBeUndefined();
    expect(failures).toEqual([]);
    await receiver.waitForRequests(8); // the default concurrency

    await sender.close();
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
    // job-1's first attempt gets a 500 and waits 30 s (the test's timeout) for its retry. With one
    // delivery at a time, job-2 goes out only once job-1's attempt has settled: when job-2 arrives,
    // job-1 is waiting for its retry. The long grace lets job-2's answer arrive rather than be cut.
    const receiver = await harness.receiver((req, res) => answer(res, req.body.includes('job-1') ? 500 : 204));
    const { sender, failures } = harness.sender({ baseDelayMs: 30_000, concurrency: 1, closeGraceMs: 30_000 });

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-1'));
    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-2'));
    await receiver.waitForRequests(2);

    await sender.close();
    expect(receiver.requests.map((request) => request.body.includes('job-1'))).toEqual([true, false]);
    expect(failures).toEqual([expect.objectContaining({ attempts: 1, error: 'the webhook sender closed before the delivery was made' })]);
    expect(failures[0]!.event.id).toBe('job-1');
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
