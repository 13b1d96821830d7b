import { describe, expect, it } from 'vitest';
import { completedEvent, pageEvent, startedEvent, verifySignature } from '../../src/webhooks/index.js';
import { useWebhookHarness } from './harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('webhook delivery', () => {
  const harness = useWebhookHarness();

  it('POSTs the Firecrawl v1 envelope with the spec headers and Trawl headers', async () => {
    const receiver = await harness.receiver();
    const { sender, failures } = harness.sender();
    const doc = { markdown: '# Page', metadata: { sourceURL: 'https://site.example/a', statusCode: 200 } };
    const spec = { url: receiver.url, headers: { Authorization: 'Bearer t0k', 'X-Team': 'blue' }, metadata: { run: 42 } };

    sender.send(spec, pageEvent('batch_scrape', 'job-1', doc));
    await sender.idle();

    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hooks');
    expect(request!.json).toEqual({ success: true, type: 'batch_scrape.page', id: 'job-1', data: [doc], metadata: { run: 42 } });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/Trawl/);
    expect(request!.headers.authorization).toBe('Bearer t0k');
    expect(request!.headers['x-team']).toBe('blue');
    expect(request!.headers['x-trawl-event']).toBe('batch_scrape.page');
    expect(request!.headers['x-trawl-delivery']).toMatch(UUID);
    expect(request!.headers['x-trawl-signature']).toBeUndefined();
    expect(failures).toEqual([]);
  });

  it('does not let spec headers replace the content type or forge Trawl headers', async () => {
    const receiver = await harness.receiver();
    const { sender } = harness.sender();
    const spec = {
      url: receiver.url,
      headers: { 'Content-Type': 'text/plain', 'X-Trawl-Event': 'forged', 'X-Trawl-Signature': 'sha256=00' },
    };

    sender.send(spec, startedEvent('crawl', 'job-2'));
    await sender.idle();

    const headers = receiver.requests[0]!.headers;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-trawl-event']).toBe('crawl.started');
    expect(headers['x-trawl-signature']).toBeUndefined();
  });

  it('sends only the events the spec subscribes to', async () => {
    const receiver = await harness.receiver();
    const { sender } = harness.sender();
    const spec = { url: receiver.url, events: ['completed' as const, 'failed' as const] };

    sender.send(spec, startedEvent('crawl', 'job-3'));
    sender.send(spec, pageEvent('crawl', 'job-3', { markdown: 'x' }));
    sender.send(spec, completedEvent('crawl', 'job-3'));
    await sender.idle();

    expect(receiver.requests.map((r) => r.json.type)).toEqual(['crawl.completed']);
  });

  it('signs the exact body so the receiver can verify it', async () => {
    const receiver = await harness.receiver();
    const { sender } = harness.sender({ secret: 'hook-secret' });

    sender.send({ url: receiver.url }, pageEvent('crawl', 'job-4', { markdown: 'Café ☕ "quoted"' }));
    await sender.idle();

    const { body, headers } = receiver.requests[0]!;
    const signature = headers['x-trawl-signature'] as string;
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(body, signature, 'hook-secret')).toBe(true);
    expect(verifySignature(body.replace('Café', 'Cafe'), signature, 'hook-secret')).toBe(false);
    expect(verifySignature(body, signature, 'wrong-secret')).toBe(false);
  });

  it('gives each delivery its own id', async () => {
    const receiver = await harness.receiver();
    const { sender } = harness.sender();

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-5'));
    sender.send({ url: receiver.url }, completedEvent('crawl', 'job-5'));
    await sender.idle();

    const ids = receiver.requests.map((r) => r.headers['x-trawl-delivery']);
    expect(new Set(ids).size).toBe(2);
  });
});
