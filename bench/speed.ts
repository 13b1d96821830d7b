// `pnpm bench` part 1: htmlToDocument against the naive stack over the 181 real article pages,
// and Trawl's own pages/s over the 1,497 WCXB pages of every type.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fmt, printTable } from './lib/stats.js';

interface Figures {
  stack: string;
  pages: number;
  pagesPerSecond: number;
  p50: number;
  p95: number;
  peakRssMb: number;
  failures: number;
}

function runStack(stack: string, rounds: number, set: 'aeb' | 'wcxb' = 'aeb'): Figures {
  const worker = fileURLToPath(new URL('./convert-worker.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--conditions=trawl-source', '--import', 'tsx', worker, stack, String(rounds), set], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Figures;
}

/** Peak RSS the convert benchmark may reach (issue target). */
const MAX_PEAK_RSS_MB = 600;

export function runConvertBenchmark(): { speedup: number; poolSpeedup: number; wcxbPagesPerSecond: number } {
  console.log('\n## HTML -> Markdown (181 real article pages, onlyMainContent)\n');
  const trawl = runStack('trawl', 3);
  const pooled = runStack('trawl-pool', 3);
  const naive = runStack('naive', 1);
  const label: Record<string, string> = {
    trawl: 'trawl htmlToDocument (in-thread)',
    'trawl-pool': 'trawl ConvertPool (threads; ms include waiting for one)',
    naive: 'naive (jsdom+Readability+turndown)',
  };
  printTable(
    ['stack', 'pages', 'pages/s', 'p50 ms', 'p95 ms', 'peak RSS MB'],
    [trawl, pooled, naive].map((f) => [
      label[f.stack]!,
      String(f.pages),
      fmt(f.pagesPerSecond),
      fmt(f.p50, 2),
      fmt(f.p95, 2),
      fmt(f.peakRssMb, 0),
    ]),
  );
  console.log(`\nthread pool: ${fmt(pooled.pagesPerSecond / trawl.pagesPerSecond, 2)}x the in-thread pages/s`);
  const speedup = trawl.pagesPerSecond / naive.pagesPerSecond;
  console.log(`\nspeed-up: ${fmt(speedup, 2)}x the naive stack (target >= 8x); the naive stack threw on ${naive.failures} page(s)`);

  console.log('\n## HTML -> Markdown (1,497 WCXB dev pages of seven types, onlyMainContent)\n');
  const wcxb = runStack('trawl', 1, 'wcxb');
  printTable(
    ['stack', 'pages', 'pages/s', 'p50 ms', 'p95 ms', 'peak RSS MB'],
    [['trawl htmlToDocument', String(wcxb.pages), fmt(wcxb.pagesPerSecond), fmt(wcxb.p50, 2), fmt(wcxb.p95, 2), fmt(wcxb.peakRssMb, 0)]],
  );
  const peak = Math.max(trawl.peakRssMb, wcxb.peakRssMb);
  console.log(`\npeak RSS ${fmt(peak, 0)} MB (target <= ${MAX_PEAK_RSS_MB} MB)`);
  return { speedup, poolSpeedup: pooled.pagesPerSecond / trawl.pagesPerSecond, wcxbPagesPerSecond: wcxb.pagesPerSecond };
}
