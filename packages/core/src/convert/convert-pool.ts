import { availableParallelism } from 'node:os';
import type { TransferListItem } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { DEFAULT_CONVERT_DEADLINE_MS, DEFAULT_CONVERT_MEMORY_MB } from '../settings/defaults.js';
import { costsWhatItUsed } from '../credits/used-work.js';
import { isTrawlError, TrawlError } from '../errors.js';
import { ALONE_AT_GATE_MS, createFairGate, type FairGate } from '../fairness/fair-gate.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { Converter, ConvertRequest, PageContent, PageConversion } from '../ports/converter.js';
import { conversionOf, type ConvertOutcome, type StartedTask } from './convert-task.js';
import { workerEntry } from './worker-entry.js';

export interface ConvertPoolOptions {
  /** Conversion threads (default: the machine's cores, `os.availableParallelism()`). */
  threads?: number;
  /** A page's conversion deadline in ms (default 15 s): past it the thread is ended and the page fails with SCRAPE_TIMEOUT. */
  deadlineMs?: number;
  /** Heap of each thread in MB (default 1024): a page that needs more fails with SCRAPE_TOO_LARGE. */
  maxMemoryMb?: number;
  /**
   * Threads one team's pages may hold at once (default: all but one, at least one), so one team's
   * slow pages always leave a thread to the others. Pages without a team (a library call) may
   * use every thread: they are one team, with nobody to leave a thread to.
   */
  threadsPerTeam?: number;
}

/** The team of pages converted without one (a library call): they share one turn. */
const ANONYMOUS_TEAM = '\0anonymous';

export { DEFAULT_CONVERT_DEADLINE_MS, DEFAULT_CONVERT_MEMORY_MB };

/**
 * Each thread's young generation (V8 puts a third of it in each semi-space). A thread past its
 * heap limit must end alone: Node then lets the collection under way finish with 16 MB more than
 * the limit, and a collection that promotes more than that (a semi-space full of a page's live
 * tree) ends the whole process instead ("Reached heap limit"). So a semi-space stays at 16 MB:
 * 96 MB saved 14% of a thread's CPU per page (fewer scavenges) but crashed the process on every
 * run of the SCRAPE_TOO_LARGE test (64 MB heap), 64 MB on one run of two, 48 MB on none.
 */
const YOUNG_GENERATION_MB = 48;

/**
 * How often the deadlines are checked: a page is stopped at most about twice this after its
 * deadline (it is seen to start, and seen to be late, at a check).
 */
const DEADLINE_CHECK_MS = 50;

/** A page in the pool: `started` is shared with the thread that takes it. */
interface Conversion {
  started: Int32Array;
  /** When a check first saw `started` set. */
  startedAt?: number;
  deadline: AbortController;
}

/**
 * Worker threads that turn loaded pages into Documents, so that parsing, cleaning, main content,
 * Markdown and links never hold the caller's event loop, and a process converts on every core.
 * Each page runs under a deadline and each thread under a heap limit: a page past either ends its
 * thread (a new one takes its place) and fails alone, and its scrape is charged (the work was done).
 * Pages reach the threads through a fair gate, not first come first served: waiting teams take
 * turns, and a team holds at most `threadsPerTeam` threads while another team has used the pool
 * in the last ALONE_AT_GATE_MS (a team alone uses them all), so another team's page waits for at
 * most one page to finish, never behind a queue of someone else's slow ones.
 */
export class ConvertPool implements Converter {
  readonly threads: number;
  readonly deadlineMs: number;
  readonly maxMemoryMb: number;
  readonly threadsPerTeam: number;
  readonly #piscina: Piscina<StartedTask, ConvertOutcome>;
  /** Set by close(): piscina would start new threads for a page sent after destroy(). */
  #closed = false;
  /** Aborted by close(), so pages still waiting for a thread stop waiting. */
  readonly #closing = new AbortController();
  /** Which page goes to a thread next: teams in turn, each below its share. */
  readonly #gate: FairGate;
  /** Pages sent to a thread and not yet answered, with their deadlines. */
  readonly #converting = new Set<Conversion>();
  /** Runs while pages are converting: one timer for every page's deadline. */
  #deadlineCheck: NodeJS.Timeout | undefined;

  constructor(options: ConvertPoolOptions = {}) {
    this.threads = wholeNumber('threads', options.threads ?? availableParallelism());
    this.deadlineMs = wholeNumber('deadlineMs', options.deadlineMs ?? DEFAULT_CONVERT_DEADLINE_MS);
    this.maxMemoryMb = wholeNumber('maxMemoryMb', options.maxMemoryMb ?? DEFAULT_CONVERT_MEMORY_MB);
    this.threadsPerTeam = Math.min(this.threads, wholeNumber('threadsPerTeam', options.threadsPerTeam ?? Math.max(1, this.threads - 1)));
    // A page enters piscina only when a thread is free for it, so piscina's own queue (first come,
    // first served) never holds one team's pages in front of another's.
    this.#gate = createFairGate({
      perTeam: this.threadsPerTeam,
      total: this.threads,
      unlimitedTeam: ANONYMOUS_TEAM,
      aloneMs: ALONE_AT_GATE_MS,
    });
    this.#piscina = new Piscina<StartedTask, ConvertOutcome>({
      ...workerEntry(),
      minThreads: this.threads,
      maxThreads: this.threads,
      resourceLimits: { maxOldGenerationSizeMb: this.maxMemoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      // Tasks reach a thread as plain messages, through its event loop. piscina's default
      // ('sync') has a busy thread go from task to task in Atomics.wait without its loop turning,
      // which once kept every page's closed message port (~5 KB a page); its 'async' mode turns
      // the loop but cost the caller's thread 150 us a task, three times this mode's (trivial
      // tasks, two threads, loaded machine: 'sync' 83 us, 'disabled' 55 us).
      atomics: 'disabled',
    });
    // A thread can answer a page after the caller gave up on it (cancelled, or past its deadline
    // while the answer was already on its way); piscina reports such an answer as an 'error'
    // event, which unheard would throw and end the process. Nobody waits for that answer.
    this.#piscina.on('error', () => {});
  }

  /**
   * Converts one page in a thread; `signal` gives up on it (queued or running). With `moveBody`
   * the caller gives the page's body up: a body that owns its whole ArrayBuffer is transferred
   * to the thread, not copied, and reads as empty here afterwards. `teamId` names whose page it
   * is (default: the anonymous team), for its turn and its share of the threads.
   */
  async convert(
    page: PageContent,
    sourceURL: string,
    options: ResolvedScrapeOptions,
    withPageLinks: boolean,
    signal?: AbortSignal,
    { moveBody = false, teamId = ANONYMOUS_TEAM, linkTemplates }: ConvertRequest = {},
  ): Promise<PageConversion> {
    if (this.#closed) throw closedPool(page.url);
    // The deadline starts when a thread takes the page (it sets `started`), not while the page
    // waits for a thread or a thread starts.
    const conversion: Conversion = { started: new Int32Array(new SharedArrayBuffer(4)), deadline: new AbortController() };
    const { url, status, headers, body, warnIfRenderedByJavaScript } = page;
    const content: PageContent = { url, status, headers, body, ...(warnIfRenderedByJavaScript ? { warnIfRenderedByJavaScript } : {}) };
    const task: StartedTask = {
      page: content,
      sourceURL,
      options,
      withPageLinks,
      started: conversion.started,
      ...(linkTemplates === undefined ? {} : { linkTemplates }),
    };
    let leave: (() => void) | undefined;
    try {
      const waiting = signal ? AbortSignal.any([signal, this.#closing.signal]) : this.#closing.signal;
      leave = await this.#gate.enter(teamId, waiting);
      this.#watch(conversion);
      const stop = signal ? AbortSignal.any([signal, conversion.deadline.signal]) : conversion.deadline.signal;
      const transferList: TransferListItem[] = moveBody && ownsItsBuffer(body) ? [body.buffer] : [];
      return conversionOf(await this.#piscina.run(task, { signal: stop, transferList }));
    } catch (error) {
      throw this.#failure(error, page.url, conversion.deadline.signal, signal);
    } finally {
      this.#unwatch(conversion);
      leave?.();
    }
  }

  #watch(conversion: Conversion): void {
    this.#converting.add(conversion);
    this.#deadlineCheck ??= setInterval(() => this.#enforceDeadlines(), DEADLINE_CHECK_MS).unref();
  }

  #unwatch(conversion: Conversion): void {
    this.#converting.delete(conversion);
    if (this.#converting.size === 0 && this.#deadlineCheck) {
      clearInterval(this.#deadlineCheck);
      this.#deadlineCheck = undefined;
    }
  }

  /** Notes which pages a thread has taken, and stops those past their deadline. */
  #enforceDeadlines(): void {
    const now = performance.now();
    for (const conversion of this.#converting) {
      if (conversion.startedAt === undefined) {
        if (Atomics.load(conversion.started, 0) === 1) conversion.startedAt = now;
      } else if (now - conversion.startedAt >= this.deadlineMs) conversion.deadline.abort();
    }
  }

  /** Ends every thread; pages still converting, and pages sent after, fail with SCRAPE_ABORTED. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#closing.abort();
    await this.#piscina.destroy();
  }

  #failure(error: unknown, url: string, deadline: AbortSignal, signal: AbortSignal | undefined): unknown {
    if (isTrawlError(error)) return error;
    if (this.#closed) return closedPool(url, error);
    if (signal?.aborted) return new TrawlError('SCRAPE_ABORTED', `Converting ${url} was cancelled`, { cause: error });
    if (deadline.aborted) {
      return costsWhatItUsed(
        new TrawlError(
          'SCRAPE_TIMEOUT',
          `Converting ${url} took longer than ${this.deadlineMs} ms, so it was stopped: the page is too large or too complex`,
          { cause: error },
        ),
      );
    }
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return costsWhatItUsed(
        new TrawlError('SCRAPE_TOO_LARGE', `Converting ${url} needed more than ${this.maxMemoryMb} MB of memory, so it was stopped`, {
          cause: error,
        }),
      );
    }
    return new TrawlError('INTERNAL', `Converting ${url} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/**
 * Whether a body is the only view of its memory. Copying a page into a thread allocates and fills
 * fresh memory on the other side, about 0.5 ms for an 87 KB page on this project's machines (new
 * pages of memory fault in slowly there), a fifth of a links-only page's CPU; a transfer moves it.
 * A view into a larger buffer (a socket read holding headers too, Node's pool of small buffers)
 * is copied: moving it would take memory others still read.
 */
function ownsItsBuffer(body: Uint8Array): body is Uint8Array & { buffer: ArrayBuffer } {
  return body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
}

function closedPool(url: string, cause?: unknown): TrawlError {
  return new TrawlError('SCRAPE_ABORTED', `Converting ${url} was stopped: the conversion pool is closed`, { cause });
}

function wholeNumber(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new TrawlError('INVALID_OPTIONS', `The conversion pool's ${name} must be a whole number of at least 1 (got ${value})`);
  return value;
}
