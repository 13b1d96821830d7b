import { STATUS_CODES } from 'node:http';
import type { Document } from '../document.js';
import { reserveHold } from '../credits/hold-owner.js';
import { insufficientCredits, settleCredits } from '../credits/spend-credits.js';
import { isChargedFailure } from '../credits/used-work.js';
import { isTrawlError, TrawlError } from '../errors.js';
import { isStoreOutage } from '../stores/store-outage.js';
import type { LoadedPage } from '../ports/loaded-page.js';
import { applyJobEvent, recordPageOutcome, type PageOutcome } from '../jobs/job-events.js';
import type { Lease } from '../ports/store.js';
import { isBlockPageError } from '../blocks/block-error.js';
import type { BlockKind } from '../blocks/markers.js';
import { loadPage } from '../pipeline/load-page.js';
import { convertLoadedPage } from '../pipeline/convert-loaded-page.js';
import { linkTemplateScope } from '../pipeline/link-template-scopes.js';
import { climbLadder, readingOf, STEALTH_PROXY_CREDITS, usedStealthProxy, type PageReading } from '../pipeline/page-ladder.js';
import type { PageConversion } from '../pipeline/to-document.js';
import { applyLlmFormats, conversionOptions, pageCredits } from '../llm/llm-formats.js';
import { discover } from './discover.js';
import { cachedPage, jobPageCredits, pageConversion, rememberPage } from './page-memory-step.js';
import { reportsRemoved } from './remembered-pages.js';
import type { JobContext } from './job-context.js';
import { backoffDelay, classifyError, classifyStatus, retryAfterOf } from './retry.js';

/**
 * Fetches, converts and records one leased page, and offers its links to the frontier. The
 * page's most is reserved from its team's credits first (a refused page is recorded as
 * INSUFFICIENT_CREDITS, unfetched); the hold is settled at what the recorded page cost, charged
 * to the key that started the job.
 */
export async function processLease(ctx: JobContext, lease: Lease): Promise<void> {
  const { hold: taken } = await reserveHold(ctx.store.teams, ctx.teamId, jobPageCredits(ctx) + stealthCredits(ctx));
  if (!taken) {
    const refused = insufficientCredits();
    await recordFailure(ctx, lease, refused);
    return;
  }
  const hold = { ...taken, apiKey: ctx.account.apiKey };
  let cost = 0;
  try {
    cost = await processPaidLease(ctx, lease);
  } finally {
    await settleCredits(ctx.store.teams, hold, cost);
  }
}

/** Resolves the credits the page cost: those of a recorded document, else 0. */
async function processPaidLease(ctx: JobContext, lease: Lease): Promise<number> {
  const { url, depth } = lease.item;
  // A page the scrape cache holds is answered from it, with no fetch (billed as a scrape); a
  // crawl follows the links kept with the copy.
  try {
    const cached = await cachedPage(ctx, url);
    if (cached) {
      if (ctx.kind === 'crawl') {
        const pageUrl = cached.document.metadata.url ?? url;
        noteForTraps(ctx, pageUrl, cached.document, cached.links ?? []);
        await discover(ctx, cached.links ?? [], depth + 1, 'link', pageUrl);
      }
      return record(ctx, lease, { type: 'document', document: cached.document, credits: pageCredits(ctx.scrape) });
    }
  } catch (error) {
    return recordFailure(ctx, lease, pageFailure(error));
  }
  let page: LoadedPage;
  try {
    page = await ctx.scheduler.run(
      url,
      async () => {
        const loaded = await fetchPage(ctx, url);
        ctx.scheduler.noteResponse(url, loaded); // inside the host's slot, so a Retry-After pause lands before the next request starts
        return loaded;
      },
      { signal: ctx.abort.signal },
    );
  } catch (error) {
    if (ctx.abort.signal.aborted) return 0; // cancelled: the job is already terminal
    const failure = pageFailure(error);
    if (classifyError(error) === 'transient' && (await retryLater(ctx, lease))) return 0;
    return recordFailure(ctx, lease, failure);
  }

  if (page.redirects.length && !(await acceptRedirect(ctx, lease, page.url))) return 0;

  let conversion: PageConversion;
  try {
    const passed = await pastBlockPage(ctx, lease, readingOf(page, await convertForJob(ctx, page, url), ctx.scrape));
    if (typeof passed === 'number') return passed;
    ({ page, conversion } = passed);
  } catch (error) {
    if (ctx.abort.signal.aborted) return 0;
    const failure = pageFailure(error);
    const recorded = await recordFailure(ctx, lease, failure);
    // A conversion stopped at its deadline or memory limit held a thread that long: it is paid for.
    return isChargedFailure(failure) ? jobPageCredits(ctx) : recorded;
  }
  if (classifyStatus(page.status) === 'transient' && (await retryLater(ctx, lease, retryAfterOf(page)))) return 0;

  if (ctx.kind === 'crawl') {
    // Links go in before the page is acked, so the frontier never looks drained while they are on their way.
    noteForTraps(ctx, page.url, conversion.document, conversion.pageLinks);
    await discover(ctx, conversion.pageLinks, depth + 1, 'link', page.url);
  }
  if (page.status >= 400 && !reportsRemoved(ctx, page.status)) {
    const reason = STATUS_CODES[page.status] ?? 'error';
    return record(ctx, lease, { type: 'error', error: `${url} answered HTTP ${page.status} ${reason}`, code: `HTTP_${page.status}` });
  }
  if (ctx.rules.returnOnlyUrls)
    return record(ctx, lease, { type: 'document', document: { metadata: conversion.document.metadata }, credits: 1 });
  let document: Document;
  try {
    document = (await applyLlmFormats(conversion.document, ctx.scrape, ctx.runtime, ctx.abort.signal)).document;
    const links = ctx.kind === 'crawl' && page.redirects.length === 0 ? conversion.pageLinks : undefined;
    document = await rememberPage(ctx, url, document, links);
  } catch (error) {
    if (ctx.abort.signal.aborted) return 0;
    return recordFailure(ctx, lease, pageFailure(error));
  }
  return record(ctx, lease, {
    type: 'document',
    document,
    credits: jobPageCredits(ctx) + (usedStealthProxy(document) ? STEALTH_PROXY_CREDITS : 0),
  });
}

/** A loaded page converted as the job's pages are (its conversion options, the raw links a crawl follows). */
function convertForJob(ctx: JobContext, loaded: LoadedPage, url: string) {
  return convertLoadedPage(
    loaded,
    url,
    conversionOptions(pageConversion(ctx), ctx.runtime.llm !== undefined),
    ctx.kind === 'crawl',
    ctx.runtime,
    ctx.abort.signal,
    // A crawl's pages are of a few templates, learned once (learned-links.ts); a batch's are not.
    ctx.kind === 'crawl' ? linkTemplateScope(ctx.teamId, ctx.jobId) : undefined,
  );
}

/** Block pages a host answers with when it starts refusing the crawler: the host is paused and the page tried again later. */
const BACK_OFF_KINDS: ReadonlySet<BlockKind> = new Set(['challenge', 'captcha', 'access-denied', 'rate-limit']);

/**
 * A block page climbs the escalation ladder (each load in the host's turn). Resolves the reading
 * to go on with, or the credits of an outcome already settled: a host answering challenges or
 * rate limits is paused (longer each time) and the page retried later; a page that stays
 * blocked once its retries are used is recorded as an error (SCRAPE_BLOCKED_BY_SITE or
 * SCRAPE_PAGE_NOT_FOUND), uncharged.
 */
async function pastBlockPage(ctx: JobContext, lease: Lease, reading: PageReading): Promise<PageReading | number> {
  const { url } = lease.item;
  if (!reading.conversion.blockPage) {
    ctx.hostBackoff.clear(url);
    return reading;
  }
  const convert = (loaded: LoadedPage) => convertForJob(ctx, loaded, url);
  try {
    const inTurn = (load: () => Promise<LoadedPage>) => ctx.scheduler.run(url, load, { signal: ctx.abort.signal });
    const passed = await climbLadder(url, reading, ctx.scrape, ctx.runtime, convert, { inTurn, signal: ctx.abort.signal });
    if (!passed.conversion.blockPage) ctx.hostBackoff.clear(url);
    return passed;
  } catch (error) {
    if (!isBlockPageError(error) || ctx.abort.signal.aborted) throw error;
    if (BACK_OFF_KINDS.has(error.blockPage.kind)) {
      const pause = ctx.hostBackoff.strike(url);
      ctx.scheduler.pauseHost(url, pause);
      if (await retryLater(ctx, lease, Math.max(pause, retryAfterOf(reading.page) ?? 0))) return 0;
    }
    return recordFailure(ctx, lease, error);
  }
}

/** Lets the trap guard compare the page with others of its URL pattern before its links are offered. */
function noteForTraps(ctx: JobContext, pageUrl: string, document: Document, links: readonly string[]): void {
  ctx.traps.notePage({
    url: pageUrl,
    links,
    ...(document.markdown === undefined ? {} : { text: document.markdown }),
  });
}

/** What a page may cost on top when the request may read it through the stealth proxy. */
function stealthCredits(ctx: JobContext): number {
  return ctx.scrape.proxy === 'auto' || ctx.scrape.proxy === 'stealth' ? STEALTH_PROXY_CREDITS : 0;
}

function fetchPage(ctx: JobContext, url: string): Promise<LoadedPage> {
  return loadPage(url, ctx.scrape, ctx.runtime, ctx.abort.signal);
}

/** Puts the page back for a later attempt; false once its retries are used up. */
async function retryLater(ctx: JobContext, lease: Lease, serverWaitMs?: number): Promise<boolean> {
  if (lease.item.attempt > ctx.rules.maxRetries) return false;
  const wait = Math.max(backoffDelay(lease.item.attempt), serverWaitMs ?? 0);
  return ctx.store.frontier.retry(lease, { notBefore: Date.now() + wait });
}

/**
 * A redirect can land on a page the crawl already has, or outside its scope. The first is a
 * duplicate (dropped: it no longer counts toward the total, and its place under the limit goes to
 * another page), the second fails the page. A claimed target takes no place: the page that
 * redirected to it holds one.
 */
async function acceptRedirect(ctx: JobContext, lease: Lease, finalUrl: string): Promise<boolean> {
  if (lease.item.depth === 0 && ctx.kind === 'crawl' && new URL(finalUrl).host !== new URL(lease.item.url).host) {
    // The start URL moved to another host (http -> https, a new domain): crawl the site it moved to.
    ctx.rebase(finalUrl);
  }
  if (ctx.kind !== 'crawl') return true;
  const finalKey = ctx.keyOf(finalUrl);
  if (finalKey === lease.item.key) return true;
  const verdict = ctx.filter(finalUrl, { depth: lease.item.depth, source: 'link' });
  if (!verdict.allowed) {
    await record(ctx, lease, {
      type: 'error',
      error: `${lease.item.url} redirected outside the crawl to ${finalUrl} (${verdict.detail})`,
      code: 'REDIRECT_OUT_OF_SCOPE',
    });
    return false;
  }
  // Claim the target's key. Marked as already scraped, so the runner acks it without fetching.
  const claimed = await ctx.store.frontier.enqueue(ctx.jobId, [
    { url: finalUrl, key: finalKey, depth: lease.item.depth, data: { redirectOf: lease.item.url } },
  ]);
  if (claimed.length) return true;
  if (await ctx.store.frontier.ack(lease)) {
    await ctx.store.jobs.increment(ctx.jobId, { total: -1 });
    await ctx.store.frontier.freePlace(ctx.jobId);
  }
  return false;
}

/**
 * Records a page's final outcome once; documents reach listeners and the iterator. Resolves the
 * credits billed: a document's when this call recorded it, else 0.
 */
async function record(ctx: JobContext, lease: Lease, outcome: PageOutcome): Promise<number> {
  if (outcome.type === 'document' && !ctx.retainDocuments) {
    // Streaming use: count the page and hand it on, but keep no copy in the store.
    if (!(await ctx.store.frontier.ack(lease))) return 0;
    const counted = await applyJobEvent(ctx.store, ctx.jobId, { type: 'page_completed', credits: outcome.credits });
    if (counted.outcome !== 'applied') return 0;
    await emitDocument(ctx, outcome.document);
    ctx.events.emit('progress', counted.job);
    return outcome.credits;
  }
  const result = await recordPageOutcome(ctx.store, lease, outcome);
  if (!result.recorded) return 0;
  if (outcome.type === 'document') await emitDocument(ctx, outcome.document);
  else
    ctx.events.emit('pageError', {
      kind: 'error',
      id: lease.id,
      url: lease.item.url,
      error: outcome.error,
      at: Date.now(),
      ...(outcome.code ? { code: outcome.code } : {}),
    });
  ctx.events.emit('progress', result.job);
  return outcome.type === 'document' ? outcome.credits : 0;
}

/** Records the page as failed with `failure`'s message and code (resolves 0: a failure is not billed here). */
function recordFailure(ctx: JobContext, lease: Lease, failure: TrawlError): Promise<number> {
  return record(ctx, lease, { type: 'error', error: failure.message, code: failure.code });
}

async function emitDocument(ctx: JobContext, document: Document): Promise<void> {
  ctx.events.emit('page', document);
  await ctx.channel.push(document);
}

/**
 * The failure to record for a page. A store outage is not the page's: it is thrown on, so the
 * page is left unrecorded and runs again once the store answers (see StorePause).
 */
function pageFailure(error: unknown): TrawlError {
  if (isStoreOutage(error)) throw error;
  if (isTrawlError(error)) return error;
  return new TrawlError('INTERNAL', error instanceof Error ? error.message : String(error), { cause: error });
}
