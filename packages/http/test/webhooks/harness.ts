import { afterEach } from 'vitest';
import { startReceiver, type Receiver, type ReceiverHandler } from '@trawl/testkit';
import { createWebhookSender, type WebhookSender, type WebhookSenderOptions } from '../../src/webhooks/index.js';
import type { WebhookDeliveryFailure } from '../../src/webhooks/sender.js';

/** Loopback receivers are private addresses: tests allow exactly that host, as an operator would. */
export const LOOPBACK_ALLOWED = { blockPrivateNetworks: true, allowHosts: ['127.0.0.1'] };

/**
 * Senders and receivers made through these helpers are closed after each test. Senders get a
 * small backoff so retry tests take milliseconds, and record every reported failure.
 */
export function useWebhookHarness() {
  const senders: WebhookSender[] = [];
  const receivers: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.close()));
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });
  return {
    async receiver(handler?: ReceiverHandler): Promise<Receiver> {
      const receiver = await startReceiver(handler);
      receivers.push(receiver);
      return receiver;
    },
    sender(options: Partial<WebhookSenderOptions> = {}): { sender: WebhookSender; failures: WebhookDeliveryFailure[] } {
      const failures: WebhookDeliveryFailure[] = [];
      const sender = createWebhookSender({
        policy: LOOPBACK_ALLOWED,
        baseDelayMs: 5,
        closeGraceMs: 200,
        onDeliveryFailure: (info) => failures.push(info),
        ...options,
      });
      senders.push(sender);
      return { sender, failures };
    },
  };
}
