import { specOf, startCrawlJob, startWorker } from '@trawl/core/server';
import type { CrawlOptionsInput, Runtime, ScrapeOptionsInput } from '@trawl/core';
import type { JobRecord, Store } from '@trawl/core/ports';
import { type CliIO, writeLine } from './io.js';
import type { CrawlSink } from './crawl-sink.js';

export interface StoreCrawl {
  store: Store;
  /** How the store was named, for the resume hint. */
  storeUrl: string;
  /** Where pages are written (`--out`), repeated in the resume hint so the resumed run appends there. */
  out?: string;
  /** A new crawl of `url`, or the unfinished job `resume`. */
  url: string;
  resume?: string;
  rules: CrawlOptionsInput;
  scrapeOptions: ScrapeOptionsInput;
  concurrency: number;
  /** The command's engine choice and browser; the crawl's state lives in `store`. */
  runtime: Runtime;
}

/** How a crawl in a store ended: its record, or `interrupted` with its pages left queued. */
export type StoreCrawlEnd = { job: JobRecord; interrupted: boolean };

/**
 * A crawl whose job lives in a store (SQLite, Redis): run by a worker of this process, so Ctrl-C
 * stops it with its unfinished pages still queued, and a crash leaves them to come back when
 * their leases lapse. `--resume <id>` runs the same job again from where it stopped.
 */
export async function crawlInStore(run: StoreCrawl, sink: CrawlSink, io: CliIO): Promise<StoreCrawlEnd> {
  const job = run.resume
    ? await unfinishedJob(run.store, run.resume)
    : await startCrawlJob(run.url, run.rules, { store: run.store, scrapeOptions: run.scrapeOptions });
  const out = run.out === undefined ? '' : ` --out ${shellWord(run.out)}`;
  const resumeHint = `trawl crawl ${shellWord(specOf(job).url)} --store ${shellWord(run.storeUrl)}${out} --resume ${job.id}`;
  writeLine(io.stderr, `job ${job.id} is kept in ${run.storeUrl}; if it stops early, go on with: ${resumeHint}`);

  let settle!: (end: StoreCrawlEnd) => void;
  const ended = new Promise<StoreCrawlEnd>((resolve) => (settle = resolve));
  const worker = startWorker({
    runtime: run.runtime.with({ store: run.store }),
    concurrency: run.concurrency,
    onEvent: (jobId, event, ...args) => {
      if (jobId !== job.id) return;
      if (event === 'page') sink.page(args[0] as Parameters<CrawlSink['page']>[0]);
      else if (event === 'pageError') sink.pageError(args[0] as Parameters<CrawlSink['pageError']>[0]);
      else if (event === 'progress') sink.progress((args[0] as JobRecord).counters);
      else if (event === 'completed' || event === 'failed' || event === 'cancelled')
        settle({ job: args[0] as JobRecord, interrupted: false });
    },
  });
  // Ctrl-C stops the worker: pages in flight finish, the rest stay queued for --resume.
  const onSigint = () => void worker.stop().then(async () => settle({ job: (await run.store.jobs.get(job.id)) ?? job, interrupted: true }));
  process.once('SIGINT', onSigint);
  try {
    const end = await ended;
    if (end.interrupted) writeLine(io.stderr, `stopped; the rest of the crawl is queued in ${run.storeUrl}: ${resumeHint}`);
    return end;
  } finally {
    process.off('SIGINT', onSigint);
    await worker.stop();
  }
}

async function unfinishedJob(store: Store, id: string): Promise<JobRecord> {
  const job = await store.jobs.get(id);
  if (job?.kind !== 'crawl') throw new Error(`--resume ${id}: no crawl job with that id in the store (it may have expired)`);
  if (job.status !== 'scraping') throw new Error(`--resume ${id}: that crawl is already ${job.status}`);
  return job;
}

/** A word as a POSIX shell reads it back: as it is when it is plain, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
