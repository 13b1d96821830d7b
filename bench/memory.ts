// `pnpm bench memory` (issue 19): the page memory's cost and gain on the loopback site. A cached
// scrape (maxAge, served from a SQLite store) beside a fresh scrape of the same pages (target:
// >= 20x faster), and a change-tracked scrape (git-diff, SQLite) beside a plain scrape (target:
// < 10% more per page), on unchanged pages and on pages that change on every load. Rounds
// alternate between the two sides of each pair, and medians are compared.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDispatchers, closeSharedConvertPool, scrape, type ScrapeOptions } from '@trawl/core';
import type { PageMemoryOptions } from '@trawl/core/server';
import { createSqliteStore } from '@trawl/store-sqlite';
import { syntheticPageHtml, syntheticPagePaths } from '@trawl/testkit';
import { fmt, percentile, printTable } from './lib/stats.js';

const PAGES = 100;
const ROUNDS = 5;

export interface MemoryBenchmarkResult {
  freshMsPerPage: number;
  cachedMsPerPage: number;
  /** fresh / cached (target >= 20). */
  cacheSpeedup: number;
  plainMsPerPage: number;
  trackedSameMsPerPage: number;
  trackedChangingMsPerPage: number;
  /** tracked / plain - 1, unchanged pages (target < 0.10). */
  trackingOverheadSame: number;
  /** tracked / plain - 1, pages that change on every load (target < 0.10). */
  trackingOverheadChanging: number;
}

/** The synthetic site; with `changing`, each load of a page adds a line that says how many times it was served. */
async function serveSite(): Promise<{ url: string; server: Server; paths: string[] }> {
  const options = { pages: PAGES };
  const paths = syntheticPagePaths(options);
  const bodies = new Map(paths.map((path, index) => [path, syntheticPageHtml(index, options)]));
  let served = 0;
  const server = createServer((req, res) => {
    const [path, query] = (req.url ?? '/').split('?');
    let body = bodies.get(path!);
    if (body && query === 'changing') body = body.replace('</body>', `<p>Stock left: ${++served} units of this item.</p></body>`);
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, paths };
}

async function msPerPage(urls: string[], options: ScrapeOptions & PageMemoryOptions): Promise<number> {
  const started = performance.now();
  for (const url of urls) await scrape(url, options);
  return (performance.now() - started) / urls.length;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export async function runMemoryBenchmark(): Promise<MemoryBenchmarkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'trawl-bench-memory-'));
  const { url, server, paths } = await serveSite();
  const store = createSqliteStore({ path: join(dir, 'trawl.db') });
  try {
    const urls = paths.map((path) => `${url}${path}`);
    const changing = urls.map((page) => `${page}?changing`);
    // Warm up: the conversion pool, the connections, and the cache and histories the measured rounds read.
    await msPerPage(urls, { store, maxAge: 0 });
    await msPerPage(urls, { store, changeTracking: { modes: ['git-diff'] } });
    await msPerPage(changing, { store, changeTracking: { modes: ['git-diff'] } });
    const runs: Record<string, number[]> = { fresh: [], cached: [], plain: [], trackedSame: [], trackedChanging: [], plainChanging: [] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.fresh!.push(await msPerPage(urls, { store, maxAge: 0 }));
      runs.cached!.push(await msPerPage(urls, { store, maxAge: 3_600_000 }));
      runs.plain!.push(await msPerPage(urls, {}));
      runs.trackedSame!.push(await msPerPage(urls, { store, changeTracking: { modes: ['git-diff'] } }));
      runs.plainChanging!.push(await msPerPage(changing, {}));
      runs.trackedChanging!.push(await msPerPage(changing, { store, changeTracking: { modes: ['git-diff'] } }));
    }
    const m = Object.fromEntries(Object.entries(runs).map(([name, values]) => [name, median(values)])) as Record<string, number>;
    const result: MemoryBenchmarkResult = {
      freshMsPerPage: m.fresh!,
      cachedMsPerPage: m.cached!,
      cacheSpeedup: m.fresh! / m.cached!,
      plainMsPerPage: m.plain!,
      trackedSameMsPerPage: m.trackedSame!,
      trackedChangingMsPerPage: m.trackedChanging!,
      trackingOverheadSame: m.trackedSame! / m.plain! - 1,
      trackingOverheadChanging: m.trackedChanging! / m.plainChanging! - 1,
    };
    console.log(`\npage memory: ${PAGES} synthetic pages on loopback, SQLite store, medians of ${ROUNDS} alternating rounds`);
    printTable(
      ['scrape', 'ms/page', 'rival', 'rival ms/page', 'ratio', 'target'],
      [
        ['cached (maxAge 1 h)', fmt(m.cached!, 2), 'fresh (maxAge 0)', fmt(m.fresh!, 2), `${fmt(result.cacheSpeedup)}x faster`, '>= 20x'],
        [
          'changeTracking, same',
          fmt(m.trackedSame!, 2),
          'plain scrape',
          fmt(m.plain!, 2),
          `${fmt(result.trackingOverheadSame * 100)}% more`,
          '< 10%',
        ],
        [
          'changeTracking, changed',
          fmt(m.trackedChanging!, 2),
          'plain scrape',
          fmt(m.plainChanging!, 2),
          `${fmt(result.trackingOverheadChanging * 100)}% more`,
          '< 10%',
        ],
      ],
    );
    return result;
  } finally {
    await store.close();
    server.close();
    await Promise.all([closeDispatchers(), closeSharedConvertPool()]);
    rmSync(dir, { recursive: true, force: true });
  }
}
