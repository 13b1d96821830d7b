import type { Document, RuntimeWithStore } from '@trawl/core';
import type { TrawlApiOptions } from '@trawl/http';
import type { ProcessSettings } from './process-settings.js';
import type { runtimeFromSettings } from './runtime-from-settings.js';

/**
 * The API's options from the process settings and its runtime: what `trawl serve` serves and
 * `trawl mcp` calls in-process, so both run jobs, bill credits and apply limits and the SSRF
 * policy the same way.
 */
export function apiOptionsFrom(
  settings: ProcessSettings,
  { runtime, localIndex }: { runtime: RuntimeWithStore; localIndex: Awaited<ReturnType<typeof runtimeFromSettings>>['localIndex'] },
): TrawlApiOptions {
  return {
    runtime,
    // Local search finds what this server's jobs crawled, each team what its own jobs did.
    ...(localIndex ? { onPage: (document: Document, jobId: string) => localIndex.indexJobPage(document, jobId) } : {}),
    ...(settings.apiKeys?.size ? { auth: settings.apiKeys } : {}),
    worker: settings.worker
      ? {
          concurrency: settings.concurrency,
          leaseMs: settings.leaseMs,
          ...(settings.workerPagesPerTeam ? { pagesPerTeam: settings.workerPagesPerTeam } : {}),
        }
      : false,
    rateLimits: settings.rateLimits ?? {},
    credits: settings.credits ?? {},
    ...(settings.webhookSecret ? { webhooks: { secret: settings.webhookSecret } } : {}),
    pageMemory: { keep: settings.pageMemoryPages, maxBytes: settings.pageMemoryMaxBytes },
    parseMaxBytes: settings.parseMaxMb * 1024 * 1024,
    sessions: {
      interactKeepMs: settings.interactKeepSeconds * 1000,
      perTeam: settings.browserSessionsPerTeam,
      codeEnabled: settings.browserCode,
    },
    streams: {
      perTeam: settings.streamsPerTeam,
      opensPerMinute: settings.streamOpensPerMinute,
      cacheBytes: settings.streamCacheMb * 2 ** 20,
      cacheBytesPerTeam: settings.streamCacheMbPerTeam * 2 ** 20,
    },
  };
}
