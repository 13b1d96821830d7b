// `pnpm bench startup`: how fast the `trawl` binary starts, as a user runs it. Each run spawns a
// fresh process: the compiled CLI (packages/cli/dist/bin.js, brought up to date first) for
// `--help` and for `scrape` of a loopback fixture page, beside bare `node` (the floor no CLI
// beats), the CLI from its TypeScript sources through tsx (how `pnpm trawl` used to run it) and
// `pnpm trawl --help` (pnpm's own start included). Targets are put side by side in turns, run by
// run, so all see the same machine load. Reports the median wall time and the median CPU time
// (all threads) per run. Targets: `--help` under 0.3 s, `scrape` under 1 s of wall time. Then
// `trawl serve` from a cold start (lib/serve-startup.ts): time to listen, its first scrape, and its
// first page that needs the browser; and `trawl scrape` of such a page (Chromium's start included).
// Alone: node --conditions=trawl-source --import tsx bench/startup.ts [runs]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { phrases, startFixtureSite, trawlBin } from '@trawl/testkit';
import { reapedChildrenCpuMs } from './lib/process-tree.js';
import { timeServeStart, type ServeStartTiming } from './lib/serve-startup.js';
import { fmt, printTable } from './lib/stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_BIN = fileURLToPath(new URL('../packages/cli/src/bin.ts', import.meta.url));

export interface StartupBenchmarkResult {
  runs: number;
  /** Load average (1 min) when the benchmark started and ended: other work on the machine slows every row. */
  loadAverage: [number, number];
  nodeMedianMs: number;
  helpMedianMs: number;
  helpCpuMs: number;
  scrapeMedianMs: number;
  scrapeCpuMs: number;
  /** `trawl scrape` of a page only a browser renders: Chromium's start included. */
  renderedScrapeMedianMs: number;
  renderedScrapeCpuMs: number;
  /** `trawl serve` from a cold start (lib/serve-startup.ts), medians: until it listens, its first scrape, its first browser page. */
  serveListenMedianMs: number;
  serveFirstScrapeMedianMs: number;
  serveFirstBrowserScrapeMedianMs: number;
  serveCpuMs: number;
  sourceHelpMedianMs: number;
  pnpmHelpMedianMs: number;
}

interface Target {
  label: string;
  command: string;
  args: string[];
  /** What a successful run prints on stdout. */
  expect: string | RegExp;
}

interface Timing {
  wallMs: number;
  /** undefined where /proc is missing. */
  cpuMs: number | undefined;
}

export async function runStartupBenchmark(runs = Number(process.env.TRAWL_BENCH_STARTUP_RUNS ?? 7)): Promise<StartupBenchmarkResult> {
  console.log(`\n## CLI start-up (${runs} runs of each, medians)\n`);
  const bin = trawlBin();
  const site = await startFixtureSite();
  const loadAtStart = loadavg()[0]!;
  try {
    const page = `${site.url}/articles/boilerplate`;
    const targets: Target[] = [
      { label: 'node -e "" (bare Node.js)', command: process.execPath, args: ['-e', ''], expect: '' },
      { label: 'trawl --help', command: process.execPath, args: [bin, '--help'], expect: /Usage: trawl/ },
      { label: 'trawl scrape <loopback page>', command: process.execPath, args: [bin, 'scrape', page], expect: phrases.articleLead },
      {
        label: 'trawl scrape <loopback page a browser renders>',
        command: process.execPath,
        args: [bin, 'scrape', `${site.url}/js-rendered`],
        expect: phrases.jsRendered,
      },
      {
        label: 'trawl --help from sources (tsx)',
        command: process.execPath,
        args: ['--conditions=trawl-source', '--import', 'tsx', SOURCE_BIN, '--help'],
        expect: /Usage: trawl/,
      },
      { label: 'pnpm trawl --help', command: 'pnpm', args: ['-s', 'trawl', '--help'], expect: /Usage: trawl/ },
    ];
    const timings = new Map<Target, Timing[]>(targets.map((t) => [t, []]));
    // One warm-up round (disk cache), then the measured rounds, targets in turn.
    for (let round = 0; round <= runs; round++) {
      for (const target of targets) {
        const timing = await timeRun(target);
        if (round > 0) timings.get(target)!.push(timing);
      }
    }
    const loadAtEnd = loadavg()[0]!;
    const medianWall = (t: Target) => median(timings.get(t)!.map((r) => r.wallMs));
    const medianCpu = (t: Target) => {
      const cpu = timings.get(t)!.map((r) => r.cpuMs);
      return cpu.every((c) => c !== undefined) ? median(cpu as number[]) : NaN;
    };
    printTable(
      ['what', 'wall ms (median)', 'wall ms (min)', 'CPU ms (median)'],
      targets.map((t) => [t.label, fmt(medianWall(t), 0), fmt(Math.min(...timings.get(t)!.map((r) => r.wallMs)), 0), fmt(medianCpu(t), 0)]),
    );
    const [node, help, scrapePage, renderedPage, sourceHelp, pnpmHelp] = targets as [Target, Target, Target, Target, Target, Target];
    const serve = await timeServeRuns(bin, {
      staticUrl: page,
      staticPhrase: phrases.articleLead,
      renderedUrl: `${site.url}/js-rendered`,
      renderedPhrase: phrases.jsRendered,
    });
    console.log(
      `\nload average (1 min): ${fmt(loadAtStart, 2)} at the start, ${fmt(loadAtEnd, 2)} at the end; targets: --help < 300 ms, scrape < 1000 ms (wall)`,
    );
    return {
      runs,
      loadAverage: [loadAtStart, loadAtEnd],
      nodeMedianMs: medianWall(node),
      helpMedianMs: medianWall(help),
      helpCpuMs: medianCpu(help),
      scrapeMedianMs: medianWall(scrapePage),
      scrapeCpuMs: medianCpu(scrapePage),
      renderedScrapeMedianMs: medianWall(renderedPage),
      renderedScrapeCpuMs: medianCpu(renderedPage),
      serveListenMedianMs: serve.listenMs,
      serveFirstScrapeMedianMs: serve.firstScrapeMs,
      serveFirstBrowserScrapeMedianMs: serve.firstBrowserScrapeMs,
      serveCpuMs: serve.cpuMs,
      sourceHelpMedianMs: medianWall(sourceHelp),
      pnpmHelpMedianMs: medianWall(pnpmHelp),
    };
  } finally {
    await site.close();
  }
}

/** One process from spawn to exit; its CPU time is what this process's reaped children gained meanwhile. */
async function timeRun(target: Target): Promise<Timing> {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = spawn(target.command, target.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const wallMs = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  const printed = typeof target.expect === 'string' ? stdout.includes(target.expect) : target.expect.test(stdout);
  if (code !== 0 || !printed) throw new Error(`${target.label} failed (exit ${code}):\n${stdout.slice(0, 500)}\n${stderr.slice(0, 2000)}`);
  return { wallMs, cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
}

/** CPU of this process's finished children (lib/process-tree.ts); undefined without /proc. */
function childrenCpuMs(): number | undefined {
  try {
    return reapedChildrenCpuMs();
  } catch {
    return undefined;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `trawl serve` started cold `runs` times (each in a fresh folder, so its SQLite store is new too): medians. */
async function timeServeRuns(
  bin: string,
  pages: Parameters<typeof timeServeStart>[2],
  runs = Number(process.env.TRAWL_BENCH_SERVE_RUNS ?? 5),
): Promise<Omit<ServeStartTiming, 'cpuMs'> & { cpuMs: number }> {
  const timings: ServeStartTiming[] = [];
  for (let run = 0; run <= runs; run++) {
    const folder = mkdtempSync(join(tmpdir(), 'trawl-serve-start-'));
    try {
      const timing = await timeServeStart(bin, folder, pages);
      // The first run warms the disk cache, as the CLI rows' warm-up round does.
      if (run > 0) timings.push(timing);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  const at = (pick: (t: ServeStartTiming) => number | undefined) => median(timings.map((t) => pick(t) ?? Number.NaN));
  const result = {
    listenMs: at((t) => t.listenMs),
    firstScrapeMs: at((t) => t.firstScrapeMs),
    firstBrowserScrapeMs: at((t) => t.firstBrowserScrapeMs),
    cpuMs: at((t) => t.cpuMs),
  };
  console.log(
    `\n## trawl serve from a cold start (${runs} runs, medians; node packages/cli/dist/bin.js serve, what pnpm start runs after its build check)\n`,
  );
  printTable(
    ['step', 'ms (median)'],
    [
      ['spawn → listening', fmt(result.listenMs, 0)],
      ['first POST /v1/scrape (loopback article, HTTP)', fmt(result.firstScrapeMs, 0)],
      ['then the first page a browser renders (Chromium starts)', fmt(result.firstBrowserScrapeMs, 0)],
      ['CPU of the server and its Chromium, start to exit', fmt(result.cpuMs, 0)],
    ],
  );
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = process.argv[2] ? Number(process.argv[2]) : undefined;
  console.log(`\n${JSON.stringify(await runStartupBenchmark(runs))}`);
}
