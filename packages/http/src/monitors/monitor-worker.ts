import { type MonitorScheduler, startMonitorScheduler } from '@trawl/core/server';
import type { Runtime } from '@trawl/core';
import type { Store } from '@trawl/core/ports';
import type { Logger } from '../logger.js';
import type { WebhookSender } from '../webhooks/sender.js';
import { monitorWebhookHooks } from './monitor-webhooks.js';

export interface MonitorWorkerOptions {
  store: Store;
  webhooks: WebhookSender;
  logger: Logger;
  runtime: Runtime;
  pageMemory?: { keep?: number; maxBytes?: number };
  /** How long a claimed check is this process's (the page lease setting). */
  leaseMs?: number;
}

/** Checks monitors when due in this process (the server's embedded worker, `trawl worker`), reporting to their webhooks. */
export function startMonitorWorker(options: MonitorWorkerOptions): MonitorScheduler {
  return startMonitorScheduler({
    store: options.store,
    runtime: options.runtime,
    ...(options.pageMemory ? { pageMemory: options.pageMemory } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    ...monitorWebhookHooks(options.webhooks),
    onError: (error) => options.logger.error('a monitor check failed', error),
  });
}
