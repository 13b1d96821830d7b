import { createLinkFilter } from '@trawl/core/server';
import type { Document } from '@trawl/core';
import type { ErrorEntry } from '@trawl/core/ports';
import { type CliIO, writeLine } from './io.js';
import type { CrawlOutput } from './output-files.js';
import type { ProgressReporter } from './progress.js';

/** Where a crawl's pages go as they come, from crawl() or from a worker on a store. */
export interface CrawlSink {
  page(doc: Document): void;
  pageError(entry: ErrorEntry): void;
  progress(counters: { completed: number; failed: number; total: number }): void;
  /** Resolves when everything handed over so far is written. */
  flushed(): Promise<void>;
  /** Same-site links left out because they are outside the start path (none counted with `--entire-domain`). */
  readonly outsideStartPath: number;
}

/**
 * Pages to files (`--out`) or JSON lines on stdout, failed pages into index.jsonl, progress to
 * the reporter. Writes happen one after another, in arrival order.
 */
export function createCrawlSink(
  io: CliIO,
  options: { output?: CrawlOutput; progress: ProgressReporter; startUrl: string; entireDomain: boolean },
): CrawlSink {
  let writes = Promise.resolve();
  let failure: unknown;
  // biome-ignore lint/suspicious/noConfusingVoidType: the writes passed here return a promise or nothing at all
  const enqueue = (write: () => Promise<unknown> | void) => {
    writes = writes.then(write).then(
      () => undefined,
      (error: unknown) => void (failure ??= error),
    );
  };
  // The crawl's own scope rule, on its own: which links it leaves out for being above the start path.
  const scope = createLinkFilter({ startUrl: options.startUrl });
  const outside = new Set<string>();
  return {
    page(doc) {
      if (!options.entireDomain) {
        for (const link of doc.links ?? []) {
          const verdict = scope(link, { depth: 1 });
          if (!verdict.allowed && verdict.reason === 'backward') outside.add(link.replace(/#.*$/, ''));
        }
      }
      const { links: _links, ...page } = doc;
      enqueue(() => (options.output ? options.output.write(page) : writeLine(io.stdout, JSON.stringify(page))));
    },
    pageError(entry) {
      if (options.output) enqueue(() => options.output!.writeError(entry));
    },
    progress(counters) {
      options.progress.update(counters);
    },
    async flushed() {
      await writes;
      if (failure) throw failure;
    },
    get outsideStartPath() {
      return outside.size;
    },
  };
}
