// `pnpm bench sessions`: the browser-session soak. 200 sessions (/v2/browser) created, driven once
// and deleted, and 50 interacts (a browser scrape keeps its page, one interact, stop), through the
// API in this process on the real Chromium; then whether any Chromium context or process stayed
// behind, and the RSS of this process and its Chromium against where it started (goal: within 10%).
// Runs alone too: node --conditions=trawl-source --import tsx bench/sessions.ts [sessions] [interacts]
import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createPlaywrightBrowser } from '@trawl/browser-playwright';
import { createServer } from '@trawl/http';
import { startFixtureSite } from '@trawl/testkit';
import { treeRssMb } from './lib/process-tree.js';
import { fmt, printTable } from './lib/stats.js';

/** Sessions open at once (the per-team cap the soak runs under). */
const AT_ONCE = 4;

export interface SessionSoakResult {
  sessions: number;
  interacts: number;
  /** One session: create, one execute (load a page and read it), delete. */
  msPerSession: number;
  /** One interact: a browser scrape that keeps its page, one code call on it, stop. */
  msPerInteract: number;
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  /** (end - start) / start, in percent. */
  rssGrowthPercent: number;
  /** Chromium processes by type before and after the soak. */
  chromiumProcessesStart: Record<string, number>;
  chromiumProcessesEnd: Record<string, number>;
  /** Browser contexts open at the end, and pages still kept (both must be 0). */
  contextsEnd: number;
  keptPagesEnd: number;
}

export async function runSessionSoak(options: { sessions?: number; interacts?: number } = {}): Promise<SessionSoakResult> {
  const sessions = options.sessions ?? 200;
  const interacts = options.interacts ?? 50;
  console.log(`\n## Browser sessions soak (${sessions} sessions, ${interacts} interacts, ${AT_ONCE} at once, local Chromium)\n`);
  const site = await startFixtureSite();
  // The browser stays up between sessions (no idle exit), so processes left behind would show.
  const browser = createPlaywrightBrowser({ maxConcurrentPages: AT_ONCE, idleTimeoutMs: 3_600_000, isolation: 'context' });
  const server = createServer({
    allowPrivateNetwork: true,
    sweepIntervalMs: 0,
    browser,
    sessions: { perTeam: AT_ONCE, codeEnabled: true, interactKeepMs: 60_000 },
    logger: { error: () => undefined },
  });
  const url = await server.listen(0, '127.0.0.1');
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as Record<string, any>;
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const oneSession = async () => {
    const { id } = await call('POST', '/v2/browser', {});
    await call('POST', `/v2/browser/${id}/execute`, {
      url: `${site.url}/articles/minimal`,
      actions: [{ type: 'scroll', direction: 'down' }],
    });
    await call('DELETE', `/v2/browser/${id}`);
  };
  const oneInteract = async () => {
    const scraped = await call('POST', '/v2/scrape', { url: `${site.url}/form`, actions: [{ type: 'click', selector: '#q' }] });
    const scrapeId = scraped.data.metadata.scrapeId as string;
    await call('POST', `/v2/scrape/${scrapeId}/interact`, { code: "return document.getElementById('q').value" });
    await call('DELETE', `/v2/scrape/${scrapeId}/interact`);
  };
  try {
    // Warm-up: the browser process starts and the API's code is loaded; the soak starts from here.
    await oneSession();
    await oneInteract();
    await settle();
    const rssStartMb = treeRssMb(process.pid);
    const chromiumProcessesStart = chromiumProcessTypes();
    let rssPeakMb = rssStartMb;
    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, treeRssMb(process.pid))), 500);

    let started = performance.now();
    await inTurns(sessions, oneSession);
    const msPerSession = (performance.now() - started) / sessions;
    started = performance.now();
    await inTurns(interacts, oneInteract);
    const msPerInteract = (performance.now() - started) / interacts;
    clearInterval(sampler);

    await settle();
    const stats = browser.stats();
    const rssEndMb = treeRssMb(process.pid);
    const result: SessionSoakResult = {
      sessions,
      interacts,
      msPerSession,
      msPerInteract,
      rssStartMb,
      rssPeakMb,
      rssEndMb,
      rssGrowthPercent: ((rssEndMb - rssStartMb) / rssStartMb) * 100,
      chromiumProcessesStart,
      chromiumProcessesEnd: chromiumProcessTypes(),
      contextsEnd: stats.contexts,
      keptPagesEnd: stats.keptPages,
    };
    printTable(
      ['what', 'figure'],
      [
        ['ms per session (create, execute, delete)', fmt(result.msPerSession, 0)],
        ['ms per interact (browser scrape kept, code, stop)', fmt(result.msPerInteract, 0)],
        ['RSS start / peak / end, MB (node + Chromium)', `${fmt(rssStartMb, 0)} / ${fmt(rssPeakMb, 0)} / ${fmt(rssEndMb, 0)}`],
        ['RSS growth, % (goal: under 10)', fmt(result.rssGrowthPercent, 1)],
        ['Chromium processes at the start', describeTypes(chromiumProcessesStart)],
        ['Chromium processes at the end', describeTypes(result.chromiumProcessesEnd)],
        ['contexts / kept pages at the end (goal: 0 / 0)', `${result.contextsEnd} / ${result.keptPagesEnd}`],
      ],
    );
    return result;
  } finally {
    await server.close();
    await browser.close();
    await site.close();
  }
}

/** Runs `count` calls of `work`, AT_ONCE at a time. */
async function inTurns(count: number, work: () => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) {
        next++;
        await work();
      }
    }),
  );
}

/** Lets closed contexts' renderers exit and the heap settle before a reading. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  (globalThis as { gc?: () => void }).gc?.();
}

/** Chromium processes descended from this one, by their --type (browser, renderer, gpu-process, utility…). */
function chromiumProcessTypes(): Record<string, number> {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      parents.set(Number(entry), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]));
      names.set(Number(entry), /^Name:\s+(\S+)/m.exec(status)?.[1] ?? '');
    } catch {
      // The process ended while we looked.
    }
  }
  const types: Record<string, number> = {};
  for (const [pid, name] of names) {
    if (!/chrom/i.test(name)) continue;
    for (let up = parents.get(pid); up !== undefined && up > 1; up = parents.get(up)) {
      if (up !== process.pid) continue;
      const type = /--type=([\w-]+)/.exec(readCmdline(pid))?.[1] ?? 'browser';
      types[type] = (types[type] ?? 0) + 1;
      break;
    }
  }
  return types;
}

function readCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function describeTypes(types: Record<string, number>): string {
  return Object.entries(types)
    .sort()
    .map(([type, n]) => `${n} ${type}`)
    .join(', ');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [count, interactCount] = process.argv.slice(2).map(Number);
  const result = await runSessionSoak({ ...(count ? { sessions: count } : {}), ...(interactCount ? { interacts: interactCount } : {}) });
  console.log(`\n${JSON.stringify(result)}`);
}
