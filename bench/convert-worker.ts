// Runs one HTML-to-Markdown stack over the eval pages in its own process (so peak RSS is its own)
// and prints one JSON line of figures. Usage: convert-worker.ts trawl|naive [rounds] [aeb|wcxb]
import { Readability } from '@mozilla/readability';
import { htmlToDocument } from '@trawl/core';
import { JSDOM, VirtualConsole } from 'jsdom';
import TurndownService from 'turndown';
import { loadEvalPages, loadWcxbPages } from './lib/eval-pages.js';
import { peakRssMb, percentile } from './lib/stats.js';

const stack = process.argv[2] ?? 'trawl';
const rounds = Number(process.argv[3] ?? 2);
const set = process.argv[4] ?? 'aeb';
const pages = set === 'wcxb' ? loadWcxbPages() : loadEvalPages();

const turndown = new TurndownService();
const quietConsole = new VirtualConsole();

let naiveFailures = 0;

/** What a developer writes without Trawl: a fresh jsdom per page, Readability, plain turndown. */
function naive(html: string, url: string): string {
  let dom: JSDOM | undefined;
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

async function convert(html: string, url: string): Promise<string> {
  if (stack === 'naive') return naive(html, url);
  return (await htmlToDocument(html, { url, formats: ['markdown'] })).markdown ?? '';
}

// One warm-up pass so JIT compilation does not count against either stack.
for (const page of pages.slice(0, 10)) await convert(page.html, page.url);

const times: number[] = [];
let chars = 0;
const started = performance.now();
for (let r = 0; r < rounds; r++) {
  for (const page of pages) {
    const t = performance.now();
    chars += (await convert(page.html, page.url)).length;
    times.push(performance.now() - t);
  }
}
const seconds = (performance.now() - started) / 1000;
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    stack,
    set,
    pages: times.length,
    pagesPerSecond: times.length / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    peakRssMb: peakRssMb(),
    chars,
    failures: naiveFailures,
  }),
);
