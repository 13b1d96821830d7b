// `pnpm quality:gate`: the CI quality gate. Converts a fixed sample of each gold set in
// shared/eval (every N-th page by id: a few hundred pages in all, well under two minutes on two
// cores) and fails when a set's F1 drops more than 0.005 below the figure recorded in
// bench/quality-gate.json. A commit that raises a figure records it: `pnpm quality:gate --update`.
//
// The gold pages live outside the repository (their licences do not allow shipping them all):
// the gate finds shared/eval beside the checkout or one of its parents, or TRAWL_EVAL_DIR. Without
// them it says so and passes, unless TRAWL_QUALITY_GATE=required.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findEvalDir } from './lib/eval-pages.js';
import { EVAL_SET_NAMES, type EvalSetName, evalSet, samplePages } from './lib/eval-sets.js';
import { predictPages } from './lib/predict.js';
import { fmt, printTable } from './lib/stats.js';

/** How far below its recorded figure a set may fall: word and snippet F1 move by less on a change that is not a loss. */
const TOLERANCE = 0.005;
const RECORD = join(import.meta.dirname, 'quality-gate.json');

interface Recorded {
  step: number;
  pages: number;
  f1: number;
}
type Record_ = Record<EvalSetName, Recorded>;

const { values: args } = parseArgs({ options: { update: { type: 'boolean', default: false } } });

if (!process.env.TRAWL_EVAL_DIR && !findEvalDir()) {
  const message = 'quality gate: no shared/eval beside the checkout or its parents and no TRAWL_EVAL_DIR';
  if (process.env.TRAWL_QUALITY_GATE === 'required') {
    console.error(`${message}: failing (TRAWL_QUALITY_GATE=required)`);
    process.exit(1);
  }
  console.warn(`${message}: skipped`);
  process.exit(0);
}

const recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as Record_;
const measured = {} as Record_;
const rows: string[][] = [];
let failed = false;
const started = performance.now();
for (const name of EVAL_SET_NAMES) {
  const { step } = recorded[name];
  const pages = samplePages(evalSet(name).pages(), step);
  const run = await predictPages(pages);
  const f1 = evalSet(name).score(run.predictions, new Set(pages.map((page) => page.id))).f1;
  measured[name] = { step, pages: pages.length, f1: Number(f1.toFixed(4)) };
  const floor = recorded[name].f1 - TOLERANCE;
  const verdict = f1 < floor ? 'FAIL' : f1 > recorded[name].f1 + 0.0005 ? 'raised: record it' : 'ok';
  if (f1 < floor) failed = true;
  for (const crash of run.crashes) console.error(`${name}: ${crash.id} crashed: ${crash.message}`);
  rows.push([
    name,
    `1 in ${step}`,
    String(pages.length),
    fmt(recorded[name].f1, 4),
    fmt(f1, 4),
    `${f1 >= recorded[name].f1 ? '+' : ''}${fmt(f1 - recorded[name].f1, 4)}`,
    verdict,
  ]);
}
console.log(`## Quality gate (fails below the recorded F1 - ${TOLERANCE})\n`);
printTable(['set', 'sample', 'pages', 'recorded', 'now', 'difference', ''], rows);
console.log(`\n${fmt((performance.now() - started) / 1000, 1)} s`);

if (args.update) {
  writeFileSync(RECORD, `${JSON.stringify(measured, null, 2)}\n`);
  console.log(`recorded in ${RECORD}`);
} else if (failed) {
  console.error(
    '\nContent quality fell on a gold set: measure with `pnpm bench:quality` and `pnpm bench:quality:diff`, fix, or explain the trade in the commit and record the new figures with `pnpm quality:gate --update`.',
  );
  process.exit(1);
}
