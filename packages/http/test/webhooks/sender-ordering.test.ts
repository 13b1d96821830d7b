import { describe, expect, it } from 'vitest';
import { answer } from '@trawl/testkit';
import { completedEvent, pageEvent, startedEvent, type WebhookEvent } from '../../src/webhooks/index.js';
import { useWebhookHarness } from './harness.js';

const PAGES = 40;

function jobEvents(jobId: string): WebhookEvent[] {
  const pages = Array.from({ length: PAGES }, (_, i) => pageEvent('crawl', jobId, { markdown: `page ${i}` }));
  return [startedEvent('crawl', jobId), ...pages, completedEvent('crawl', jobId)];
}

function label(json: Record<string, unknown>): string {
  const data = json.data as Array<{ markdown?: string }>;
  return data[0]?.markdown ?? String(json.type);
}

describe('webhook ordering and queue bounds', () => {
  const harness = useWebhookHarness();

  it('delivers each job in order while two jobs deliver in parallel, through failures and retries', async () => {
    const inFlightPerJob = new Map<string, number>();
    let overlapWithinJob = false;
    const accepted = new Map<string, string[]>();
    const receiver = await harness.receiver(async (req, res, index) => {
      const job = String(req.json.id);
      const inFlight = (inFlightPerJob.get(job) ?? 0) + 1;
      inFlightPerJob.set(job, inFlight);
      if (inFlight > 1) overlapWithinJob = true;
      await new Promise((resolve) => setTimeout(resolve, index % 3)); // uneven answer times
      inFlightPerJob.set(job, (inFlightPerJob.get(job) ?? 1) - 1);
      if (index % 5 === 1) return answer(res, 500); // every fifth request fails once and is retried
      accepted.set(job, [...(accepted.get(job) ?? []), label(req.json)]);
      answer(res, 200);
    });
    const { sender, failures } = harness.sender({ concurrency: 4, baseDelayMs: 1 });

    const a = jobEvents('job-a');
    const b = jobEvents('job-b');
    for (let i = 0; i < a.length; i++) {
      sender.send({ url: receiver.url }, a[i]!);
      sender.send({ url: receiver.url }, b[i]!);
    }
    await sender.idle();

    const expected = ['crawl.started', ...Array.from({ length: PAGES }, (_, i) => `page ${i}`), 'crawl.completed'];
    expect(accepted.get('job-a')).toEqual(expected);
    expect(accepted.get('job-b')).toEqual(expected);
    expect(overlapWithinJob).toBe(false);
    expect(receiver.maxActive).toBeGreaterThanOrEqual(2); // the two jobs ran side by side
    expect(receiver.requests.length).toBeGreaterThan(2 * expected.length); // the failures were retried
    expect(failures).toEqual([]);
  });

  it('keeps jobs independent: a failing receiver of one job does not hold up another', async () => {
    const slow = await harness.receiver((_req, res) => answer(res, 500));
    const fast = await harness.receiver();
    const { sender, failures } = harness.sender({ maxAttempts: 3, baseDelayMs: 200 });

    sender.send({ url: slow.url }, startedEvent('crawl', 'job-slow'));
    sender.send({ url: fast.url }, startedEvent('crawl', 'job-fast'));
    sender.send({ url: fast.url }, completedEvent('crawl', 'job-fast'));
    await fast.waitForRequests(2, 1_000);

    expect(slow.requests.length).toBeLessThan(3); // still backing off while the other job is done
    await sender.idle();
    expect(failures.map((f) => f.event.id)).toEqual(['job-slow']);
  });

  it('drops the oldest pending deliveries beyond maxPending and reports them', async () => {
    const receiver = await harness.receiver((_req, res, index) => {
      if (index > 0) answer(res, 200); // the first request hangs, so everything else stays queued
    });
    const { sender, failures } = harness.sender({ concurrency: 1, maxPending: 3, timeoutMs: 300 });
    const events = jobEvents('job-c').slice(0, 5);

    for (const event of events) sender.send({ url: receiver.url }, event);

    expect(failures.map((f) => f.event)).toEqual([events[1], events[2]]);
    expect(failures.every((f) => f.attempts === 0 && /dropped: more than 3/.test(f.error))).toBe(true);
    await sender.idle();
    expect(receiver.requests.map((r) => label(r.json))).toEqual(['crawl.started', 'crawl.started', 'page 2', 'page 3']);
  });
});
