// `pnpm bench frontier`: the memory store's frontier at 100,000 items, the figures the memory
// store's scale tests once asserted as time limits. A scan of pending items per lease would
// take minutes here; the heaps take about a second. Medians of several runs in this process.
import { createMemoryStore } from '@trawl/core';
import type { FrontierEntry } from '@trawl/core/ports';
import { fmt, printTable } from './lib/stats.js';

const ITEMS = 100_000;

export interface FrontierBenchmarkResult {
  /** Enqueue, lease and ack of 100k items of one job: median ms. */
  throughMs: number;
  /** 5,000 single leases and acks of one job past 100k delayed items of another: median ms. */
  pastDelayedMs: number;
}

function entries(prefix: string, count: number): FrontierEntry[] {
  return Array.from({ length: count }, (_, i) => ({ url: `https://m.test/${prefix}/${i}`, key: `${prefix}/${i}`, depth: 1 }));
}

async function throughOneJob(): Promise<number> {
  const store = createMemoryStore();
  const started = performance.now();
  for (let i = 0; i < ITEMS; i += 1000) await store.frontier.enqueue('big', entries(`b${i}`, 1000), { limit: ITEMS });
  for (;;) {
    const leases = await store.frontier.lease({ max: 500, leaseMs: 60_000, jobId: 'big' });
    if (leases.length === 0) break;
    for (const lease of leases) await store.frontier.ack(lease);
  }
  return performance.now() - started;
}

async function pastDelayedItems(): Promise<number> {
  let now = 1_700_000_000_000;
  const store = createMemoryStore({ now: () => now });
  for (let i = 0; i < ITEMS; i += 1000) await store.frontier.enqueue('slow', entries(`d${i}`, 1000));
  const notBefore = now + 3_600_000;
  for (const lease of await store.frontier.lease({ max: ITEMS, leaseMs: 60_000, jobId: 'slow' }))
    await store.frontier.retry(lease, { notBefore });
  await store.frontier.enqueue('fast', entries('f', 5000));
  const started = performance.now();
  for (let i = 0; i < 5000; i++) {
    const [lease] = await store.frontier.lease({ max: 1, leaseMs: 60_000 });
    if (lease?.jobId !== 'fast') throw new Error(`expected a ready item of "fast" at ${i}`);
    await store.frontier.ack(lease);
    now += 1;
  }
  return performance.now() - started;
}

async function median(runs: number, measure: () => Promise<number>): Promise<{ median: number; all: number[] }> {
  const all: number[] = [];
  for (let run = 0; run < runs; run++) all.push(await measure());
  return { median: [...all].sort((a, b) => a - b)[Math.floor(runs / 2)]!, all };
}

export async function runFrontierBenchmark(runs = Number(process.env.BENCH_FRONTIER_RUNS ?? 5)): Promise<FrontierBenchmarkResult> {
  console.log(`\n## Memory store frontier at ${ITEMS.toLocaleString('en')} items (median of ${runs} runs)\n`);
  const through = await median(runs, throughOneJob);
  const past = await median(runs, pastDelayedItems);
  printTable(
    ['operation', 'median ms', 'every run (ms)'],
    [
      [`enqueue, lease and ack ${ITEMS} items`, fmt(through.median), through.all.map((ms) => fmt(ms, 0)).join(', ')],
      [`5000 leases and acks past ${ITEMS} delayed items`, fmt(past.median), past.all.map((ms) => fmt(ms, 0)).join(', ')],
    ],
  );
  return { throughMs: through.median, pastDelayedMs: past.median };
}
