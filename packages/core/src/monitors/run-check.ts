/**
 * One check of a monitor: every page of its targets scraped with change tracking (a history per
 * monitor and target), billed to the monitor's team, and recorded per page as same, new,
 * changed, removed or error with the diff. Crawl targets find their pages with a map each time;
 * a page the last check found and this one did not is removed.
 */
import { randomUUID } from 'node:crypto';
import { spendCredits } from '../credits/spend-credits.js';
import type { Document } from '../document.js';
import { isTrawlError } from '../errors.js';
import { LLM_PAGE_CREDITS } from '../llm/llm-formats.js';
import { mapLinks } from '../crawl/map.js';
import type { Runtime } from '../runtime/types.js';
import type { MonitorRecord, Store } from '../ports/store.js';
import { scrape } from '../scrape.js';
import { unlinkedPages } from '../memory/site-memory.js';
import {
  emptySummary,
  type MonitorCheck,
  type MonitorCheckBody,
  type MonitorCheckPage,
  type MonitorSpec,
  type MonitorState,
  type MonitorTargetSpec,
  monitorTag,
} from './monitor-spec.js';

export interface MonitorCheckContext {
  store: Store;
  /** How pages are loaded: SSRF policy, user agent, browser, model, conversion pool (the page memory is `store`'s). */
  runtime: Runtime;
  pageMemory?: { keep?: number; maxBytes?: number };
  /** Pages scraped at once within a check (default 4). */
  concurrency?: number;
  /** Told each page as it is recorded (the `monitor.page` webhook). */
  onPage?: (monitor: MonitorRecord, page: MonitorCheckPage) => void;
  now?: () => number;
}

export interface CheckRun {
  checkId: string;
  trigger: 'scheduled' | 'manual';
  /** The due time a scheduled check runs for. */
  scheduledFor: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Runs the check; never rejects for a page's failure (the page reads `error`). */
/** A check and what the next check of a crawl target compares its page list with. */
export interface CheckOutcome extends MonitorCheckBody {
  knownUrls: Record<string, string[]>;
}

export async function runMonitorCheck(ctx: MonitorCheckContext, monitor: MonitorRecord, run: CheckRun): Promise<CheckOutcome> {
  const now = ctx.now ?? Date.now;
  const spec = monitor.spec as MonitorSpec;
  const state = (monitor.state ?? {}) as MonitorState & { knownUrls?: Record<string, string[]> };
  const startedAt = now();
  const pages: MonitorCheckPage[] = [];
  const knownUrls: Record<string, string[]> = {};
  let actualCredits = 0;

  for (const target of spec.targets) {
    let urls: string[];
    try {
      urls = await targetUrls(ctx, target);
    } catch (error) {
      pages.push(errorPage(target, target.type === 'crawl' ? target.url : '', error, now()));
      continue;
    }
    knownUrls[target.id] = urls;
    const results = await inPool(urls, ctx.concurrency ?? 4, async (url) => {
      const { page, credits } = await checkPage(ctx, monitor, spec, target, url);
      actualCredits += credits;
      ctx.onPage?.(monitor, page);
      return page;
    });
    pages.push(...results);
    // Pages the last check found on a crawled site and this one did not.
    for (const gone of unlinkedPages(state.knownUrls?.[target.id] ?? [], urls)) {
      const page = basePage(target, gone, now());
      page.status = 'removed';
      pages.push(page);
      ctx.onPage?.(monitor, page);
    }
  }

  const summary = emptySummary();
  for (const page of pages) {
    summary.totalPages += 1;
    summary[page.status] += 1;
  }
  const finishedAt = now();
  const status: MonitorCheck['status'] = summary.error === 0 ? 'completed' : summary.error === summary.totalPages ? 'failed' : 'partial';
  const check: MonitorCheck = {
    id: run.checkId,
    monitorId: monitor.id,
    status,
    trigger: run.trigger,
    scheduledFor: run.scheduledFor === null ? null : iso(run.scheduledFor),
    startedAt: iso(startedAt),
    finishedAt: iso(finishedAt),
    estimatedCredits: null,
    reservedCredits: null,
    actualCredits,
    billingStatus: 'confirmed',
    summary,
    targetResults: spec.targets.map((target) => ({ targetId: target.id, type: target.type })),
    error: status === 'failed' ? (pages.find((page) => page.error)?.error ?? 'every page failed') : null,
    createdAt: iso(startedAt),
    updatedAt: iso(finishedAt),
  };
  return { check, pages, knownUrls };
}

async function targetUrls(ctx: MonitorCheckContext, target: MonitorTargetSpec): Promise<string[]> {
  if (target.type === 'scrape') return target.urls;
  const links = await mapLinks(target.url, {
    limit: target.limit,
    includeSubdomains: target.includeSubdomains,
    runtime: ctx.runtime,
  });
  return [...new Set([target.url, ...links.map((link) => link.url)])].slice(0, target.limit);
}

async function checkPage(
  ctx: MonitorCheckContext,
  monitor: MonitorRecord,
  spec: MonitorSpec,
  target: MonitorTargetSpec,
  url: string,
): Promise<{ page: MonitorCheckPage; credits: number }> {
  const now = ctx.now ?? Date.now;
  const changeTracking = {
    ...(spec.changeTracking[target.id] ?? { modes: ['git-diff' as const] }),
    tag: monitorTag(monitor.id, target.id),
  };
  const scrapeOptions = targetScrapeOptions(spec, target.id);
  const cost = scrapeOptions.formats?.includes('json') || changeTracking.modes?.includes('json') ? LLM_PAGE_CREDITS : 1;
  let document: Document;
  try {
    document = await spendCredits(ctx.store.teams, { teamId: monitor.teamId, apiKey: null }, cost, () =>
      scrape(url, {
        ...scrapeOptions,
        runtime: ctx.runtime,
        store: ctx.store,
        teamId: monitor.teamId,
        maxAge: 0,
        changeTracking,
        ...(ctx.pageMemory ? { pageMemory: ctx.pageMemory } : {}),
      }),
    );
  } catch (error) {
    return { page: errorPage(target, url, error, now()), credits: 0 };
  }
  const tracking = document.changeTracking!;
  const page = basePage(target, url, now());
  page.status = tracking.changeStatus;
  page.statusCode = document.metadata.statusCode;
  page.currentScrapeId = randomUUID();
  page.metadata = document.metadata;
  const diff =
    tracking.diff || tracking.json
      ? {
          ...(tracking.diff ? { text: tracking.diff.text, json: tracking.diff.json } : {}),
          ...(tracking.json ? { json: tracking.json } : {}),
        }
      : null;
  page.diff = diff;
  return { page, credits: cost };
}

function basePage(target: MonitorTargetSpec, url: string, at: number): MonitorCheckPage {
  return {
    id: randomUUID(),
    targetId: target.id,
    url,
    status: 'same',
    previousScrapeId: null,
    currentScrapeId: null,
    statusCode: null,
    error: null,
    diff: null,
    snapshot: null,
    judgment: null,
    createdAt: new Date(at).toISOString(),
  };
}

function errorPage(target: MonitorTargetSpec, url: string, error: unknown, at: number): MonitorCheckPage {
  const page = basePage(target, url, at);
  page.status = 'error';
  page.error = isTrawlError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
  return page;
}

/** Runs `work` over `items`, at most `size` at once, keeping their order. */
async function inPool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}

/** A target's scrape options; a monitor stored before the field's rename keeps them under `engine`. */
function targetScrapeOptions(spec: MonitorSpec, targetId: string): MonitorSpec['scrapeOptions'][string] {
  const stored = spec.scrapeOptions ?? (spec as { engine?: MonitorSpec['scrapeOptions'] }).engine;
  return stored?.[targetId] ?? {};
}
