// Runs one HTML-to-Markdown stack over the eval pages in its own process (so peak RSS is its own)
// and prints one JSON line of figures. Usage: convert-worker.ts trawl|trawl-pool|naive [rounds] [aeb|wcxb]
// trawl-pool converts through a ConvertPool (one thread per core), several pages in flight per thread.
// trawl-packed and trawl-packed-stock run htmlToDocument from the packed tarball as npm installs it
// (bench/lib/packed-core.ts; the entry file in TRAWL_PACKED_CORE), with and without the bundled
// patched DOM: nothing of the workspace's own core is loaded then.
import type { JSDOM as JSDOMClass } from 'jsdom';
import { loadEvalPages, loadWcxbPages } from './lib/eval-pages.js';
import { registryPeer } from './lib/registry-peer.js';
import { peakRssMb, percentile } from './lib/stats.js';

const stack = process.argv[2] ?? 'trawl';
const rounds = Number(process.argv[3] ?? 2);
const set = process.argv[4] ?? 'aeb';
const pages = set === 'wcxb' ? loadWcxbPages() : loadEvalPages();

let naiveFailures = 0;
// The naive stack's libraries are loaded only for it: jsdom alone holds tens of megabytes of
// heap, which would count in Trawl's peak RSS. Its Readability is the registry's, unpatched, as a
// developer installs it (lib/registry-peer.ts).
async function loadNaiveStack() {
  const { JSDOM, VirtualConsole } = await import('jsdom');
  const { default: TurndownService } = await import('turndown');
  return { JSDOM, quietConsole: new VirtualConsole(), turndown: new TurndownService(), Readability: registryPeer().Readability };
}
const naiveStack = stack === 'naive' ? await loadNaiveStack() : undefined;

/** What a developer writes without Trawl: a fresh jsdom per page, Readability, plain turndown. */
function naive(html: string, url: string): string {
  const { JSDOM, quietConsole, turndown, Readability } = naiveStack!;
  let dom: JSDOMClass | undefined;
  try {
    dom = new JSDOM(html, { url, virtualConsole: quietConsole });
    const article = new Readability(dom.window.document).parse();
    return turndown.turndown(article?.content ?? dom.window.document.body?.innerHTML ?? '');
  } catch {
    // jsdom's CSS parser throws on some real stylesheets (Readability asks for computed styles).
    naiveFailures++;
    return '';
  } finally {
    dom?.window.close();
  }
}

// jsdom also throws from its own callbacks on such CSS; a naive user's process would die, ours counts it.
if (stack === 'naive') process.on('uncaughtException', () => naiveFailures++);

const core = (await import(
  stack.startsWith('trawl-packed') ? process.env.TRAWL_PACKED_CORE! : '@trawl/core'
)) as typeof import('@trawl/core');
const { ConvertPool, htmlToDocument, resolveScrapeOptions } = core;
const pool = stack === 'trawl-pool' ? new ConvertPool() : undefined;
const markdownOnly = resolveScrapeOptions({ formats: ['markdown'] });

async function convert(html: string, url: string): Promise<string> {
  if (stack === 'naive') return naive(html, url);
  if (pool) {
    const page = { url, status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(html) };
    return (await pool.convert(page, url, markdownOnly, false)).document.markdown ?? '';
  }
  return (await htmlToDocument(html, { url, formats: ['markdown'] })).markdown ?? '';
}

// One warm-up pass so JIT compilation (and the pool's threads starting) does not count.
await Promise.all(pages.slice(0, 10).map((page) => convert(page.html, page.url)));

const times: number[] = [];
let chars = 0;
// The pool is fed from as many loops as it has threads, twice over, so no thread waits for work.
const loops = pool ? pool.threads * 2 : 1;
const queue = Array.from({ length: rounds }, () => pages).flat();
const started = performance.now();
// CPU time beside wall time: on a shared machine wall time mostly measures the others' load.
const cpuStart = process.cpuUsage();
await Promise.all(
  Array.from({ length: loops }, async () => {
    for (let page = queue.shift(); page; page = queue.shift()) {
      // Read before the clock starts: the WCXB set decompresses each page when asked for it.
      const html = page.html;
      const t = performance.now();
      const markdown = await convert(html, page.url);
      chars += markdown.length;
      times.push(performance.now() - t);
    }
  }),
);
await pool?.close();
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    stack,
    set,
    pages: times.length,
    pagesPerSecond: times.length / seconds,
    cpuMsPerPage: (cpu.user + cpu.system) / 1000 / times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    peakRssMb: peakRssMb(),
    chars,
    failures: naiveFailures,
  }),
);
