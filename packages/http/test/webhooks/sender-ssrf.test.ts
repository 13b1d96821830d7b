import { describe, expect, it } from 'vitest';
import { startedEvent } from '../../src/webhooks/index.js';
import { request } from 'undici';
import { BlockedReceiverError, guardedLookup, receiverAgent } from '../../src/webhooks/receiver-guard.js';
import { useWebhookHarness } from './harness.js';

describe('webhook SSRF policy', () => {
  const harness = useWebhookHarness();

  it('refuses a loopback receiver when private networks are blocked, and says why', async () => {
    const receiver = await harness.receiver();
    const { sender, failures } = harness.sender({ policy: { blockPrivateNetworks: true } });
    const byName = receiver.url.replace('127.0.0.1', 'localhost');

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-1'));
    sender.send({ url: byName }, startedEvent('crawl', 'job-2'));
    await sender.idle();

    expect(receiver.requests).toHaveLength(0);
    expect(failures).toHaveLength(2);
    for (const failure of failures) {
      expect(failure.attempts).toBe(1); // refused outright, never retried
      expect(failure.error).toMatch(/SSRF policy/);
      expect(failure.error).toMatch(/private, loopback or link-local/);
    }
  });

  it('delivers to a private receiver named in allowHosts', async () => {
    const receiver = await harness.receiver();
    const { sender, failures } = harness.sender({ policy: { blockPrivateNetworks: true, allowHosts: ['127.0.0.1'] } });

    sender.send({ url: receiver.url }, startedEvent('crawl', 'job-3'));
    await sender.idle();

    expect(receiver.requests).toHaveLength(1);
    expect(failures).toEqual([]);
  });

  it('refuses private addresses again when the socket connects (DNS rebinding)', async () => {
    const lookup = guardedLookup({ blockPrivateNetworks: true });
    const error = await new Promise<unknown>((resolve) => lookup('localhost', {}, (err) => resolve(err)));
    expect(error).toBeInstanceOf(BlockedReceiverError);

    const allowed = guardedLookup({ blockPrivateNetworks: true, allowHosts: ['localhost'] });
    const address = await new Promise<unknown>((resolve) => allowed('localhost', {}, (err, addr) => resolve(err ?? addr)));
    expect(typeof address).toBe('string');
  });

  it('the connection pool itself refuses a name that resolves to a private address', async () => {
    const receiver = await harness.receiver();
    const agent = receiverAgent({ blockPrivateNetworks: true }, 1, 1_000);
    try {
      const error = await request(receiver.url.replace('127.0.0.1', 'localhost'), { method: 'POST', body: '{}', dispatcher: agent }).then(
        () => undefined,
        (err: unknown) => err,
      );
      const chain: unknown[] = [];
      for (let e = error; e; e = (e as { cause?: unknown }).cause) chain.push(e);
      expect(chain.some((e) => e instanceof BlockedReceiverError)).toBe(true);
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await agent.destroy();
    }
  });
});
