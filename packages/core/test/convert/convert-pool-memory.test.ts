import { createRequire } from 'node:module';
import { text } from 'node:stream/consumers';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { ConvertPool } from '../../src/convert/convert-pool.js';
import { resolveScrapeOptions } from '../../src/options.js';

// A thread of the pool must not keep anything per page once the page is done. piscina (CommonJS)
// makes its threads with the `Worker` of node:worker_threads, read when it makes one; the test
// notes each thread so it can read the thread's heap.
const threadsModule = createRequire(import.meta.url)('node:worker_threads') as { Worker: typeof Worker };
const OriginalWorker = threadsModule.Worker;
const threads: Worker[] = [];
threadsModule.Worker = class extends OriginalWorker {
  constructor(...args: ConstructorParameters<typeof Worker>) {
    super(...args);
    threads.push(this);
  }
};

const URL = 'https://pool.example/page';
const options = resolveScrapeOptions({ formats: ['markdown'] });
const page = (n: number) => ({
  url: `${URL}/${n}`,
  status: 200,
  headers: { 'content-type': 'text/html' },
  body: Buffer.from(`<html><body><article><h1>Page ${n}</h1><p>The pilots read the tide tables, page ${n}.</p></article></body></html>`),
});

/** How many objects named `name` the heap snapshot holds (the snapshot collects garbage first). */
function countObjects(snapshot: string, name: string): number {
  const {
    snapshot: meta,
    nodes,
    strings,
  } = JSON.parse(snapshot) as { snapshot: { meta: { node_fields: string[] } }; nodes: number[]; strings: string[] };
  const width = meta.meta.node_fields.length;
  const nameField = meta.meta.node_fields.indexOf('name');
  let count = 0;
  for (let i = 0; i < nodes.length; i += width) if (strings[nodes[i + nameField]!] === name) count++;
  return count;
}

describe('ConvertPool memory', () => {
  const pool = new ConvertPool({ threads: 1 });
  afterAll(async () => {
    threadsModule.Worker = OriginalWorker;
    await pool.close();
  });

  it('keeps no per-page message port in a thread that goes from page to page without a pause', async () => {
    const PAGES = 400;
    let next = 0;
    // Eight pages in flight for one thread, as a crawl keeps it: the thread is never idle.
    const lane = async () => {
      while (next < PAGES) await pool.convert(page(next++), URL, options, false);
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    const thread = threads.at(-1)!;
    const ports = countObjects(await text(await thread.getHeapSnapshot()), 'MessagePort');
    // Before the fix every page left its `started` port (~400 here); a few belong to the thread itself.
    expect(ports).toBeLessThan(20);
  });
});
