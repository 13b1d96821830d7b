import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, OPEN_POLICY, type Document } from '@trawl/core';
import { startBatchJob } from '@trawl/core/server';
import { createJobNotifier, createWebhookSender } from '@trawl/http';

/** The notifier is what a worker's onEvent feeds, wherever that worker runs; here it is fed directly. */
let receiver: Server;
let receiverUrl: string;
const received: Array<{ type: string; id: string; success: boolean; error?: string; data: unknown[] }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push(JSON.parse(raw));
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const doc: Document = { markdown: 'x', metadata: { sourceURL: 'http://a.test/', url: 'http://a.test/', statusCode: 200 } };

describe('createJobNotifier', () => {
  it('sends page and failed events, and bills nothing itself (the worker pays each page as it runs it)', async () => {
    const store = createMemoryStore();
    const webhooks = createWebhookSender({ policy: OPEN_POLICY });
    const notifier = createJobNotifier({ store, webhooks, logger: { error: () => undefined } });
    await store.teams.setCredits('t1', 20);
    const plain = await startBatchJob(['http://a.test/'], {}, { store, teamId: 't1', extra: { webhook: { url: receiverUrl } } });
    const json = await startBatchJob(
      ['http://b.test/'],
      {},
      { store, teamId: 't1', scrapeOptions: { formats: ['json'], jsonOptions: { prompt: 'x' } } },
    );

    notifier.onWorkerEvent(plain.id, 'page', doc);
    notifier.onWorkerEvent(json.id, 'page', doc);
    notifier.onWorkerEvent(plain.id, 'failed', { ...plain, status: 'failed', error: { code: 'INTERNAL', message: 'store went away' } });
    await notifier.settled();
    expect(await store.teams.getCredits('t1')).toBe(20);

    await webhooks.idle();
    const ofPlain = received.filter((event) => event.id === plain.id);
    expect(ofPlain.map((event) => event.type)).toEqual(['batch_scrape.page', 'batch_scrape.failed']);
    expect(ofPlain[1]).toMatchObject({ success: false, error: 'store went away', data: [] });
    // The json job has no webhook: nothing was sent for it.
    expect(received.some((event) => event.id === json.id)).toBe(false);
    await webhooks.close();
  });

  it('ignores events of jobs that no longer exist', async () => {
    const store = createMemoryStore();
    const notifier = createJobNotifier({ store, logger: { error: () => undefined } });
    notifier.onWorkerEvent('gone', 'page', doc);
    await notifier.settled();
    expect(await store.teams.getCredits('local')).toBeNull();
  });
});
