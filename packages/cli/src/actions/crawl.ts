import { crawl, type CrawlOptionsInput, type ScrapeOptionsInput, type Runtime } from '@trawl/core';
import { readErrorsReport, typedTargetUrl } from '@trawl/core/server';
import type { JobRecord, Store } from '@trawl/core/ports';
import type { CrawlFlags } from '../commands/crawl.js';
import { crawlInStore } from '../crawl-in-store.js';
import { createCrawlSink, type CrawlSink } from '../crawl-sink.js';
import { type CliIO, writeLine } from '../io.js';
import { CrawlOutput } from '../output-files.js';
import { commandRuntime } from '../command-runtime.js';
import { Interrupted } from '../interrupted.js';
import { createProgress } from '../progress.js';
import { openStore } from '../open-store.js';

/** `trawl crawl <url>`: in this process, or as a job kept in `--store` so it can be resumed. */
export async function crawlAction(typedUrl: string, flags: CrawlFlags, io: CliIO): Promise<void> {
  const url = typedTargetUrl(typedUrl);
  if (flags.resume && !flags.store) throw new Error('--resume needs --store: the store the crawl was kept in');
  // Checked before anything is fetched: a bad --out fails at once.
  const output = flags.out ? await CrawlOutput.open(flags.out, { append: Boolean(flags.resume) }) : undefined;
  const store = flags.store ? await openStore(flags.store) : undefined;
  try {
    await runCrawl(url, flags, io, { output, store });
  } finally {
    await output?.close();
    await store?.close();
  }
}

async function runCrawl(
  url: string,
  flags: CrawlFlags,
  io: CliIO,
  where: { output: CrawlOutput | undefined; store: Store | undefined },
): Promise<void> {
  const { output, store } = where;
  const runtime = commandRuntime(flags.engine);
  const progress = createProgress(io, 'crawl');
  const sink = await indexedInto(
    store,
    createCrawlSink(io, { progress, startUrl: url, entireDomain: flags.entireDomain ?? false, ...(output ? { output } : {}) }),
  );
  const rules = crawlRules(flags);
  // Links are asked for to count those outside the start path; they are not written out.
  const scrapeOptions: ScrapeOptionsInput = { formats: ['markdown', 'links'], onlyMainContent: flags.mainContent };
  let job: JobRecord;
  let jobStore: Store;
  let interrupted = false;
  try {
    if (store) {
      const end = await crawlInStore(
        {
          store,
          storeUrl: flags.store!.setting,
          ...(flags.out ? { out: flags.out } : {}),
          url,
          ...(flags.resume ? { resume: flags.resume } : {}),
          rules,
          scrapeOptions,
          concurrency: flags.concurrency,
          runtime,
        },
        sink,
        io,
      );
      ({ job, interrupted } = end);
      jobStore = store;
    } else {
      ({ job, store: jobStore, interrupted } = await crawlInMemory(url, rules, scrapeOptions, sink, runtime));
    }
    await sink.flushed();
  } finally {
    progress.stop();
    await runtime.close();
  }
  await summarise(job, { interrupted, store: jobStore, flags, sink, io });
}

/** Without a store: crawl() in this process; Ctrl-C cancels it (`interrupted`), keeping what was written. */
async function crawlInMemory(
  url: string,
  rules: CrawlOptionsInput,
  scrapeOptions: ScrapeOptionsInput,
  sink: CrawlSink,
  runtime: Runtime,
): Promise<{ job: JobRecord; store: Store; interrupted: boolean }> {
  const job = crawl(url, { ...rules, scrapeOptions, runtime });
  job.on('page', (doc) => sink.page(doc));
  job.on('pageError', (entry) => sink.pageError(entry));
  job.on('progress', (record) => sink.progress(record.counters));
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
    void job.cancel();
  };
  process.once('SIGINT', onSigint);
  try {
    const summary = await job.done;
    const record = await job.store.jobs.get(job.id);
    if (!record) throw new Error(summary.error?.message ?? `The crawl's job ${job.id} vanished`);
    return { job: record, store: job.store, interrupted };
  } finally {
    process.off('SIGINT', onSigint);
  }
}

function crawlRules(flags: CrawlFlags): CrawlOptionsInput {
  return {
    limit: flags.limit,
    maxConcurrency: flags.concurrency,
    ...(flags.maxDepth !== undefined ? { maxDiscoveryDepth: flags.maxDepth } : {}),
    ...(flags.include ? { includePaths: flags.include } : {}),
    ...(flags.exclude ? { excludePaths: flags.exclude } : {}),
    ...(flags.delay !== undefined ? { delay: flags.delay } : {}),
    ignoreSitemap: flags.ignoreSitemap ?? false,
    ignoreRobots: flags.ignoreRobots ?? false,
    allowBackwardCrawling: flags.entireDomain ?? false,
    allowSubdomains: flags.subdomains ?? false,
  };
}

/** With a store, its pages also join the store's local search index (`trawl search --provider local`). */
async function indexedInto(store: Store | undefined, sink: CrawlSink): Promise<CrawlSink> {
  if (!store) return sink;
  const { LocalIndex } = await import('@trawl/search');
  const index = new LocalIndex({ store });
  const indexing: Array<Promise<unknown>> = [];
  return {
    ...sink,
    page(doc) {
      indexing.push(index.indexDocument(doc));
      sink.page(doc);
    },
    async flushed() {
      await Promise.all([sink.flushed(), ...indexing]);
    },
    get outsideStartPath() {
      return sink.outsideStartPath;
    },
  };
}

async function summarise(
  job: JobRecord,
  context: { interrupted: boolean; store: Store; flags: CrawlFlags; sink: CrawlSink; io: CliIO },
): Promise<void> {
  const { flags, sink, io } = context;
  const { errors, robotsBlocked } = await readErrorsReport(context.store, job.id);
  for (const e of errors) writeLine(io.stderr, `failed: ${e.url}: ${e.error}`);
  const status = context.interrupted ? 'stopped' : job.status;
  const { completed, failed } = job.counters;
  writeLine(
    io.stderr,
    `${status}: ${completed} pages, ${failed} errors, ${robotsBlocked.length} blocked by robots.txt${flags.out ? `, written to ${flags.out}` : ''}`,
  );
  if (sink.outsideStartPath > 0) {
    writeLine(
      io.stderr,
      `${sink.outsideStartPath} links on this site lead outside the start path and were not followed; add --entire-domain to crawl them`,
    );
  }
  if (job.status === 'failed') throw new Error(job.error?.message ?? 'The crawl failed');
  if (context.interrupted) throw new Interrupted('trawl crawl');
}
