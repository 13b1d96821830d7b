// `pnpm bench` part 1: htmlToDocument against the naive stack over the 181 real article pages,
// and Trawl's own pages/s over the 1,497 WCXB pages of every type.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { packedCore } from './lib/packed-core.js';
import { fmt, printTable } from './lib/stats.js';

interface Figures {
  stack: string;
  pages: number;
  pagesPerSecond: number;
  /** Process CPU time per page (the pool's threads included). */
  cpuMsPerPage: number;
  p50: number;
  p95: number;
  peakRssMb: number;
  failures: number;
}

function runStack(stack: string, rounds: number, set: 'aeb' | 'wcxb' = 'aeb', env: NodeJS.ProcessEnv = {}): Figures {
  const worker = fileURLToPath(new URL('./convert-worker.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--conditions=trawl-source', '--import', 'tsx', worker, stack, String(rounds), set], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    env: { ...process.env, ...env },
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Figures;
}

/** Peak RSS the convert benchmark may reach (issue target). */
const MAX_PEAK_RSS_MB = 600;

export function runConvertBenchmark(): {
  speedup: number;
  poolSpeedup: number;
  packedSpeedup: number;
  packedStockSpeedup: number;
  wcxbPagesPerSecond: number;
} {
  console.log(
    `\n## HTML -> Markdown (181 real article pages, onlyMainContent), load ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}\n`,
  );
  const packed = packedCore();
  const trawl = runStack('trawl', 3);
  const pooled = runStack('trawl-pool', 3);
  const fromNpm = runStack('trawl-packed', 3, 'aeb', { TRAWL_PACKED_CORE: packed.bundled });
  const fromNpmStock = runStack('trawl-packed-stock', 3, 'aeb', { TRAWL_PACKED_CORE: packed.stock });
  const naive = runStack('naive', 1);
  const label: Record<string, string> = {
    trawl: 'trawl htmlToDocument (in-thread, workspace)',
    'trawl-pool': 'trawl ConvertPool (threads; ms include waiting for one)',
    'trawl-packed': 'trawl htmlToDocument from the npm tarball (bundled DOM)',
    'trawl-packed-stock': "trawl from the npm tarball, registry's unpatched linkedom",
    naive: 'naive (jsdom+Readability+turndown)',
  };
  printTable(
    ['stack', 'pages', 'pages/s', 'CPU ms/page', 'p50 ms', 'p95 ms', 'peak RSS MB'],
    [trawl, pooled, fromNpm, fromNpmStock, naive].map((f) => [
      label[f.stack]!,
      String(f.pages),
      fmt(f.pagesPerSecond),
      fmt(f.cpuMsPerPage, 1),
      fmt(f.p50, 2),
      fmt(f.p95, 2),
      fmt(f.peakRssMb, 0),
    ]),
  );
  console.log(`\nthread pool: ${fmt(pooled.pagesPerSecond / trawl.pagesPerSecond, 2)}x the in-thread pages/s`);
  const speedup = trawl.pagesPerSecond / naive.pagesPerSecond;
  const poolVsNaive = pooled.pagesPerSecond / naive.pagesPerSecond;
  console.log(
    `\nspeed-up over the naive stack: in-thread ${fmt(speedup, 2)}x, thread pool (how scrape and crawl convert) ${fmt(poolVsNaive, 2)}x (target >= 10x); the naive stack threw on ${naive.failures} page(s)`,
  );
  console.log(
    `by CPU time per page (steadier on a loaded machine): in-thread ${fmt(naive.cpuMsPerPage / trawl.cpuMsPerPage, 2)}x, npm tarball ${fmt(naive.cpuMsPerPage / fromNpm.cpuMsPerPage, 2)}x`,
  );
  const packedSpeedup = fromNpm.pagesPerSecond / naive.pagesPerSecond;
  const packedStockSpeedup = fromNpmStock.pagesPerSecond / naive.pagesPerSecond;
  console.log(
    `npm tarball: ${fmt(packedSpeedup, 2)}x the naive stack with the bundled DOM (${fmt(fromNpm.pagesPerSecond / trawl.pagesPerSecond, 2)}x the workspace), ${fmt(packedStockSpeedup, 2)}x with the registry's linkedom`,
  );

  console.log('\n## HTML -> Markdown (1,497 WCXB dev pages of seven types, onlyMainContent)\n');
  const wcxb = runStack('trawl', 1, 'wcxb');
  printTable(
    ['stack', 'pages', 'pages/s', 'p50 ms', 'p95 ms', 'peak RSS MB'],
    [['trawl htmlToDocument', String(wcxb.pages), fmt(wcxb.pagesPerSecond), fmt(wcxb.p50, 2), fmt(wcxb.p95, 2), fmt(wcxb.peakRssMb, 0)]],
  );
  const peak = Math.max(trawl.peakRssMb, wcxb.peakRssMb);
  console.log(
    `\npeak RSS in-thread ${fmt(peak, 0)} MB, thread pool ${fmt(pooled.peakRssMb, 0)} MB (target <= ${MAX_PEAK_RSS_MB} MB); load ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
  );
  return {
    speedup,
    poolSpeedup: pooled.pagesPerSecond / trawl.pagesPerSecond,
    packedSpeedup,
    packedStockSpeedup,
    wcxbPagesPerSecond: wcxb.pagesPerSecond,
  };
}
