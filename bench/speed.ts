// `pnpm bench` part 1: htmlToDocument against the naive stack over the 181 real article pages.
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

function runStack(stack: string, rounds: number): Figures {
  const worker = fileURLToPath(new URL('./convert-worker.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--conditions=trawl-source', '--import', 'tsx', worker, stack, String(rounds)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Figures;
}

export function runConvertBenchmark(): { speedup: number } {
  console.log('\n## HTML -> Markdown (181 real article pages, onlyMainContent)\n');
  const trawl = runStack('trawl', 3);
  const naive = runStack('naive', 1);
  printTable(
    ['stack', 'pages', 'pages/s', 'p50 ms', 'p95 ms', 'peak RSS MB'],
    [trawl, naive].map((f) => [f.stack === 'trawl' ? 'trawl htmlToDocument' : 'naive (jsdom+Readability+turndown)', String(f.pages), fmt(f.pagesPerSecond), fmt(f.p50, 2), fmt(f.p95, 2), fmt(f.peakRssMb, 0)]),
  );
  const speedup = trawl.pagesPerSecond / naive.pagesPerSecond;
  console.log(`\nspeed-up: ${fmt(speedup, 2)}x the naive stack (target >= 5x); the naive stack threw on ${naive.failures} page(s)`);
  return { speedup };
}
