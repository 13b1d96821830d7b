// `pnpm bench:quality`: main-content extraction quality on the three gold sets in shared/eval,
// scored by its score.mjs: the article-extraction benchmark (181 articles), the WCXB development
// split (1,497 pages of seven types) and trafilatura's evaluation set (990 multilingual pages),
// each beside the published figures and, on the article and trafilatura sets, beside
// Readability.js run in the same run on the second core (quality-rival.ts).
//
//   pnpm bench:quality [--sets aeb,wcxb,trafilatura] [--dump DIR] [--no-rival] [--step N] [--without STEP[,STEP]]
//
// --dump writes each set's predictions to DIR/<set>.json ({pageId: markdown}); `pnpm
// bench:quality:diff A B` compares two dumps page by page. --step N scores every N-th page only.
// --without names main-content steps (docs/content.md): each set is converted a second time with
// them disabled and their effect printed (F1 with and without, per page type, pages moved).
// Exits non-zero when a set falls below its floor, a page crashes, or a page comes back empty
// where its gold text is not.
import { spawn } from 'node:child_process';
import { contentStepNames } from '@trawl/core';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { comparePredictions } from './lib/compare-predictions.js';
import { evalDir } from './lib/eval-pages.js';
import { EVAL_SET_NAMES, type EvalSetName, evalSet, samplePages, type SetPage } from './lib/eval-sets.js';
import { goldIsEmpty } from './lib/gold.js';
import { type PredictionRun, predictPages } from './lib/predict.js';
import { score, withoutH1Lines } from './lib/score.js';
import { fmt, printTable } from './lib/stats.js';

/** Readability.js's published F1 on the article set: the floor. */
const MIN_AEB_F1 = 0.947;
/** Trawl's WCXB figure before page types (0.768): the floor. */
const MIN_WCXB_F1 = 0.768;
/** trafilatura's own CI floor on its set (tests/eval_baseline.json), the target of issue #30. */
const TRAFILATURA_FLOOR = 0.925;
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

const { values: args } = parseArgs({
  options: {
    sets: { type: 'string', default: EVAL_SET_NAMES.join(',') },
    dump: { type: 'string' },
    'no-rival': { type: 'boolean', default: false },
    step: { type: 'string' },
    without: { type: 'string' },
  },
});
const without = args.without ? args.without.split(',').map((name) => name.trim()) : [];
const unknownSteps = without.filter((name) => !contentStepNames().includes(name));
if (unknownSteps.length) throw new Error(`Unknown content step ${unknownSteps.join(', ')}: choose from ${contentStepNames().join(', ')}`);
const sets = args.sets!.split(',').map((name) => {
  if (!(EVAL_SET_NAMES as readonly string[]).includes(name))
    throw new Error(`Unknown set "${name}": choose from ${EVAL_SET_NAMES.join(', ')}`);
  return name as EvalSetName;
});
const step = args.step ? Number(args.step) : undefined;
const rivalSets = args['no-rival'] ? [] : sets.filter((name) => name === 'aeb' || name === 'trafilatura');

/** Pages per rival process: jsdom keeps part of each closed window, so a long run would outgrow its heap. */
const RIVAL_SLICE = 150;

/** Runs the rival on one set, a child process per slice of pages; resolves to its predictions. */
async function runRival(name: EvalSetName): Promise<Record<string, string>> {
  const pages = samplePages(evalSet(name).pages(), step ?? 1).length;
  const dir = mkdtempSync(join(tmpdir(), 'trawl-rival-'));
  const predictions: Record<string, string> = {};
  for (let from = 0; from < pages; from += RIVAL_SLICE) {
    const out = join(dir, `${name}-${from}.json`);
    const args = [name, out, String(step ?? 1), String(from), String(from + RIVAL_SLICE)];
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'quality-rival.ts'), ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`the rival exited with ${code} on pages ${from}-${from + RIVAL_SLICE}`)),
      );
    });
    Object.assign(predictions, JSON.parse(readFileSync(out, 'utf8')));
  }
  rmSync(dir, { recursive: true, force: true });
  return predictions;
}
// Readability on jsdom takes longer than Trawl: it starts first, one set after the other.
const rival = rivalSets.reduce<Promise<Partial<Record<EvalSetName, Record<string, string>>>>>(
  async (done, name) => ({ ...(await done), [name]: await runRival(name) }),
  Promise.resolve({}),
);

function printSpeed(pages: number, run: PredictionRun): void {
  console.log(`time       ${fmt(run.seconds, 2)} s wall, ${fmt(pages / run.seconds, 1)} pages/s (single pass, cold)`);
  console.log(`cpu        ${fmt(run.cpuSeconds, 2)} s, ${fmt(pages / run.cpuSeconds, 1)} pages per CPU second`);
}

let failed = false;
function fail(message: string): void {
  console.error(`\n${message}`);
  failed = true;
}

/** Crashes and empty Markdown where the gold text is not empty: a page must never come back with nothing. */
function checkEmpty(name: EvalSetName, pages: SetPage[], run: PredictionRun): void {
  for (const crash of run.crashes) fail(`${name}: ${crash.id} crashed: ${crash.message}`);
  const empty = pages.filter((page) => !run.predictions[page.id]?.trim() && !goldIsEmpty(name, page.id));
  console.log(
    `empty      ${empty.length} page(s) with empty Markdown and a non-empty gold${empty.length ? `: ${empty.map((p) => p.id).join(', ')}` : ''}`,
  );
  if (empty.length) failed = true;
}

/** score.mjs's figures on a whole set; on a sample (--step), the same metrics over the sampled pages only. */
function scoreSet(name: EvalSetName, predictions: Record<string, string>, pages: SetPage[]) {
  const ours = evalSet(name).score(predictions, new Set(pages.map((page) => page.id)));
  if (step) return { f1: ours.f1, precision: ours.precision ?? 0, recall: ours.recall ?? 0, f1ByType: ours.byType };
  const official = score(name === 'aeb' ? ['aeb'] : [name, join(evalDir(), name === 'wcxb' ? 'wcxb-dev' : 'trafilatura')], predictions);
  // The per-page metrics (the diff, the CI gate) must agree with score.mjs: checked on every full run.
  if (Math.abs(official.f1 - ours.f1) > 1e-9)
    fail(`${name}: lib/metrics.ts gives F1 ${ours.f1}, score.mjs ${official.f1}: they must agree`);
  return official;
}

/** What disabling the `--without` steps does to a set: F1 with every step and without those, per type, and the pages that moved. */
async function printStepEffect(name: EvalSetName, pages: SetPage[], withEveryStep: Record<string, string>): Promise<void> {
  const run = await predictPages(pages, without);
  for (const crash of run.crashes) fail(`${name} --without ${without.join(',')}: ${crash.id} crashed: ${crash.message}`);
  // The article set is judged with the H1 lines set aside (its gold text has no titles).
  const judged = (predictions: Record<string, string>) => (name === 'aeb' ? withoutH1Lines(predictions) : predictions);
  const { a, b, changed, moved, up } = comparePredictions(evalSet(name), judged(withEveryStep), judged(run.predictions));
  const delta = (x: number, y: number) => `${y - x >= 0 ? '+' : ''}${fmt(y - x, 4)}`;
  const aside = name === 'aeb' ? ' (H1 lines set aside)' : '';
  console.log(`\nwithout ${without.join(', ')}: F1${aside} ${fmt(a.f1, 4)} -> ${fmt(b.f1, 4)} (${delta(a.f1, b.f1)})`);
  for (const type of TYPE_ORDER.filter((type) => a.byType?.[type] !== undefined)) {
    console.log(
      `  ${type.padEnd(14)} ${fmt(a.byType![type]!, 4)} -> ${fmt(b.byType?.[type] ?? 0, 4)} (${delta(a.byType![type]!, b.byType?.[type] ?? 0)})`,
    );
  }
  console.log(`  Markdown changed on ${changed} of ${pages.length} pages; score up on ${up}, down on ${moved.length - up}`);
}

const pagesOf = (name: EvalSetName) => (step ? samplePages(evalSet(name).pages(), step) : evalSet(name).pages());
const rivalScores: Array<() => Promise<void>> = [];

for (const name of sets) {
  const pages = pagesOf(name);
  const run = await predictPages(pages);
  if (args.dump) {
    mkdirSync(args.dump, { recursive: true });
    writeFileSync(join(args.dump, `${name}.json`), JSON.stringify(run.predictions));
  }
  const sampled = step ? ` (1 page in ${step})` : '';
  const effect = without.length ? () => printStepEffect(name, pages, run.predictions) : async () => {};
  if (name === 'aeb') {
    const aeb = scoreSet(name, run.predictions, pages);
    const aebWithoutH1 = scoreSet(name, withoutH1Lines(run.predictions), pages);
    console.log(`## Main-content quality: article-extraction benchmark (${pages.length} pages${sampled}, Markdown)\n`);
    console.log(`precision  ${fmt(aeb.precision, 4)}`);
    console.log(`recall     ${fmt(aeb.recall, 4)}`);
    console.log(`F1         ${fmt(aeb.f1, 4)}   (Readability.js 0.947, trafilatura 0.958, rs-trafilatura 0.970 published)`);
    console.log(`F1         ${fmt(aebWithoutH1.f1, 4)}   with the H1 lines set aside (the gold text has no titles)`);
    printSpeed(pages.length, run);
    checkEmpty(name, pages, run);
    await effect();
    if (!step && aebWithoutH1.f1 < MIN_AEB_F1)
      fail(`Article F1 (H1 lines set aside) ${fmt(aebWithoutH1.f1, 4)} is below ${MIN_AEB_F1}, Readability.js's published score.`);
    rivalScores.push(async () => {
      const theirs = (await rival).aeb;
      if (!theirs) return;
      const r = scoreSet('aeb', theirs, pages);
      console.log(
        `\narticle set, Readability.js 0.6.0 on jsdom + turndown, same run: F1 ${fmt(r.f1, 4)} (P ${fmt(r.precision, 4)}, R ${fmt(r.recall, 4)}); Trawl ${fmt(aeb.f1, 4)}, ${fmt(aebWithoutH1.f1, 4)} H1 aside`,
      );
    });
  } else if (name === 'wcxb') {
    const wcxb = scoreSet(name, run.predictions, pages);
    const counts = new Map<string, number>();
    for (const page of pages) counts.set(page.type, (counts.get(page.type) ?? 0) + 1);
    console.log(`\n## Main-content quality: WCXB dev (${pages.length} pages of seven types${sampled}, Markdown, word F1)\n`);
    const rows = [...TYPE_ORDER, 'all'].map((type) => {
      const ours = type === 'all' ? wcxb.f1 : (wcxb.f1ByType?.[type] ?? 0);
      const theirs = RS_TRAFILATURA[type]!;
      return [
        type,
        String(type === 'all' ? pages.length : (counts.get(type) ?? 0)),
        fmt(ours, 4),
        fmt(theirs, 3),
        `${ours >= theirs ? '+' : ''}${fmt(ours - theirs, 3)}`,
      ];
    });
    printTable(['page type', 'pages', 'trawl', 'rs-trafilatura', 'difference'], rows);
    console.log(`\nprecision ${fmt(wcxb.precision, 4)}, recall ${fmt(wcxb.recall, 4)}; others published on this split: ${WCXB_OTHERS}`);
    printSpeed(pages.length, run);
    checkEmpty(name, pages, run);
    await effect();
    if (!step && wcxb.f1 < MIN_WCXB_F1) fail(`WCXB F1 ${fmt(wcxb.f1, 4)} is below ${MIN_WCXB_F1}, Trawl's figure before page types.`);
  } else {
    const ours = scoreSet(name, run.predictions, pages);
    console.log(
      `\n## Main-content quality: trafilatura's evaluation set (${pages.length} pages${sampled}, Markdown read as text, snippet F1)\n`,
    );
    console.log(`precision  ${fmt(ours.precision, 4)}`);
    console.log(`recall     ${fmt(ours.recall, 4)}`);
    console.log(
      `F1         ${fmt(ours.f1, 4)}   (trafilatura's CI floor ${TRAFILATURA_FLOOR}; published: trafilatura 2.2.0 0.924, magic-html 0.889, justext 0.862, readability-lxml 0.826)`,
    );
    printSpeed(pages.length, run);
    checkEmpty(name, pages, run);
    await effect();
    rivalScores.push(async () => {
      const theirs = (await rival).trafilatura;
      if (!theirs) return;
      const r = scoreSet('trafilatura', theirs, pages);
      console.log(
        `\ntrafilatura set, Readability.js 0.6.0 on jsdom + turndown, same run: F1 ${fmt(r.f1, 4)} (P ${fmt(r.precision, 4)}, R ${fmt(r.recall, 4)}); Trawl ${fmt(ours.f1, 4)}`,
      );
    });
  }
}

for (const print of rivalScores) await print();
if (failed) process.exit(1);
