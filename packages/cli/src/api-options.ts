import type { Document, Store } from '@trawl/core';
import type { TrawlApiOptions } from '@trawl/http';
import type { adaptersFromEnv } from './adapters-from-env.js';
import type { ProcessSettings } from './process-settings.js';

/**
 * The API's options from the process settings and the adapters: what `trawl serve` serves and
 * `trawl mcp` calls in-process, so both run jobs, bill credits and apply limits and the SSRF
 * policy the same way.
 */
export function apiOptionsFrom(
  settings: ProcessSettings,
  store: Store,
  { localIndex, ...adapters }: Awaited<ReturnType<typeof adaptersFromEnv>>,
): TrawlApiOptions {
  return {
    store,
    ...adapters,
    // Local search finds what this server's jobs crawled.
    ...(localIndex ? { onPage: (document: Document) => localIndex.indexDocument(document) } : {}),
    ...(settings.apiKeys?.size ? { auth: settings.apiKeys } : {}),
    allowPrivateNetwork: settings.allowPrivateNetwork,
    userAgent: settings.userAgent,
    worker: settings.worker ? { concurrency: settings.concurrency, leaseMs: settings.leaseMs } : false,
    rateLimits: settings.rateLimits ?? {},
    credits: settings.credits ?? {},
    ...(settings.webhookSecret ? { webhooks: { secret: settings.webhookSecret } } : {}),
    retentionMs: Math.round(settings.retentionHours * 3_600_000),
    pageMemory: { keep: settings.pageMemoryPages, maxBytes: settings.pageMemoryMaxBytes },
    parseMaxBytes: settings.parseMaxMb * 1024 * 1024,
  };
}
