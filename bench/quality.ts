// `pnpm bench:quality`: main-content extraction quality on the 181 pages of the article-extraction
// benchmark, scored by shared/eval/score.mjs. Fails below Readability.js's published F1.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { htmlToDocument } from '@trawl/core';
import { evalDir, loadEvalPages } from './lib/eval-pages.js';
import { fmt } from './lib/stats.js';

/** Readability.js's published F1 on this set: the floor. trafilatura's 0.958 is the next mark. */
const MIN_F1 = 0.947;

const pages = loadEvalPages();
const predictions: Record<string, string> = {};
const started = performance.now();
const cpuStarted = process.cpuUsage();
for (const page of pages) {
  const document = await htmlToDocument(page.html, { url: page.url, formats: ['markdown'], onlyMainContent: true });
  predictions[page.id] = document.markdown ?? '';
}
const seconds = (performance.now() - started) / 1000;
// CPU time stays meaningful when other work shares the machine; wall time does not.
const cpu = process.cpuUsage(cpuStarted);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;

const dir = mkdtempSync(join(tmpdir(), 'trawl-quality-'));
let report: string;
try {
  const predictionFile = join(dir, 'predictions.json');
  writeFileSync(predictionFile, JSON.stringify(predictions));
  report = execFileSync(process.execPath, [join(evalDir(), 'score.mjs'), 'aeb', predictionFile, '--markdown'], {
    encoding: 'utf8',
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const scores = JSON.parse(report.slice(0, report.lastIndexOf('}') + 1)) as { precision: number; recall: number; f1: number };

console.log(`## Main-content quality (article-extraction benchmark, ${pages.length} pages, Markdown)\n`);
console.log(`precision  ${fmt(scores.precision, 4)}`);
console.log(`recall     ${fmt(scores.recall, 4)}`);
console.log(`F1         ${fmt(scores.f1, 4)}   (Readability.js 0.947, trafilatura 0.958)`);
console.log(`time       ${fmt(seconds, 2)} s wall, ${fmt(pages.length / seconds, 1)} pages/s (single pass, cold)`);
console.log(`cpu        ${fmt(cpuSeconds, 2)} s, ${fmt(pages.length / cpuSeconds, 1)} pages per CPU second`);
if (scores.f1 < MIN_F1) {
  console.error(`\nF1 ${fmt(scores.f1, 4)} is below ${MIN_F1}, Readability.js's own score on this set.`);
  process.exit(1);
}
