// `pnpm bench:quality`: main-content extraction quality on the two gold sets in shared/eval,
// scored by its score.mjs: the article-extraction benchmark (181 articles) and the WCXB
// development split (1,497 pages of seven types), each beside the published figures.
// Exits non-zero when either falls below its floor.
import { join } from 'node:path';
import { htmlToDocument } from '@trawl/core';
import { evalDir, loadEvalPages, loadWcxbPages, type EvalPage } from './lib/eval-pages.js';
import { score, withoutH1Lines } from './lib/score.js';
import { fmt, printTable } from './lib/stats.js';

/** Readability.js's published F1 on the article set: the floor. trafilatura's 0.958 is the next mark. */
const MIN_AEB_F1 = 0.947;
/** Trawl's WCXB figure before page types (0.768): the floor. */
const MIN_WCXB_F1 = 0.768;
/** Published WCXB dev figures (shared/eval/README.md). */
const RS_TRAFILATURA: Record<string, number> = {
  article: 0.932,
  documentation: 0.932,
  service: 0.844,
  forum: 0.808,
  collection: 0.716,
  listing: 0.707,
  product: 0.641,
  all: 0.859,
};
const WCXB_OTHERS = 'MinerU-HTML 0.827, trafilatura 0.791, dom-smoothie 0.762';
const TYPE_ORDER = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product'];

async function predict(pages: EvalPage[]): Promise<{ predictions: Record<string, string>; seconds: number; cpuSeconds: number }> {
  const predictions: Record<string, string> = {};
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (const page of pages) {
    const document = await htmlToDocument(page.html, { url: page.url, formats: ['markdown'], onlyMainContent: true });
    predictions[page.id] = document.markdown ?? '';
  }
  // CPU time stays meaningful when other work shares the machine; wall time does not.
  const cpu = process.cpuUsage(cpuStarted);
  return { predictions, seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

function printSpeed(pages: number, run: { seconds: number; cpuSeconds: number }): void {
  console.log(`time       ${fmt(run.seconds, 2)} s wall, ${fmt(pages / run.seconds, 1)} pages/s (single pass, cold)`);
  console.log(`cpu        ${fmt(run.cpuSeconds, 2)} s, ${fmt(pages / run.cpuSeconds, 1)} pages per CPU second`);
}

const articles = loadEvalPages();
const articleRun = await predict(articles);
const aeb = score(['aeb'], articleRun.predictions);
console.log(`## Main-content quality: article-extraction benchmark (${articles.length} pages, Markdown)\n`);
console.log(`precision  ${fmt(aeb.precision, 4)}`);
console.log(`recall     ${fmt(aeb.recall, 4)}`);
console.log(`F1         ${fmt(aeb.f1, 4)}   (Readability.js 0.947, trafilatura 0.958, rs-trafilatura 0.970)`);
const aebWithoutH1 = score(['aeb'], withoutH1Lines(articleRun.predictions));
console.log(`F1         ${fmt(aebWithoutH1.f1, 4)}   with the H1 lines set aside (the gold text has no titles)`);
printSpeed(articles.length, articleRun);

const wcxbPages = loadWcxbPages();
const wcxbRun = await predict(wcxbPages);
const wcxb = score(['wcxb', join(evalDir(), 'wcxb-dev')], wcxbRun.predictions);
const counts = new Map<string, number>();
for (const page of wcxbPages) counts.set(page.type, (counts.get(page.type) ?? 0) + 1);
console.log(`\n## Main-content quality: WCXB dev (${wcxbPages.length} pages of seven types, Markdown, word F1)\n`);
const rows = [...TYPE_ORDER, 'all'].map((type) => {
  const ours = type === 'all' ? wcxb.f1 : (wcxb.f1ByType?.[type] ?? 0);
  const theirs = RS_TRAFILATURA[type]!;
  return [
    type,
    String(type === 'all' ? wcxbPages.length : (counts.get(type) ?? 0)),
    fmt(ours, 3),
    fmt(theirs, 3),
    `${ours >= theirs ? '+' : ''}${fmt(ours - theirs, 3)}`,
  ];
});
printTable(['page type', 'pages', 'trawl', 'rs-trafilatura', 'difference'], rows);
console.log(`\nprecision ${fmt(wcxb.precision, 4)}, recall ${fmt(wcxb.recall, 4)}; others published on this split: ${WCXB_OTHERS}`);
printSpeed(wcxbPages.length, wcxbRun);

let failed = false;
if (aebWithoutH1.f1 < MIN_AEB_F1) {
  console.error(
    `\nArticle F1 (H1 lines set aside) ${fmt(aebWithoutH1.f1, 4)} is below ${MIN_AEB_F1}, Readability.js's own score on that set.`,
  );
  failed = true;
}
if (wcxb.f1 < MIN_WCXB_F1) {
  console.error(`\nWCXB F1 ${fmt(wcxb.f1, 4)} is below ${MIN_WCXB_F1}, Trawl's figure before page types.`);
  failed = true;
}
if (failed) process.exit(1);
