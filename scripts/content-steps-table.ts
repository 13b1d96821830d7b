/**
 * Writes the table of main-content steps in docs/content.md from the registry (core's
 * CONTENT_STEP_REGISTRY): one row per step, in the order they run, between the
 * `<!-- content-steps -->` and `<!-- /content-steps -->` markers. core's
 * test/content/content-steps.test.ts fails when the page misses a step; `--check` fails when the
 * table differs in any way from what the registry says (a step's line, its kinds, its order).
 *
 * Run: pnpm docs:content-steps [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CONTENT_STEP_REGISTRY } from '../packages/core/src/content/steps/registry.js';
import type { ContentStep } from '../packages/core/src/content/steps/step.js';

const DOC = new URL('../docs/content.md', import.meta.url);
const START = '<!-- content-steps -->';
const END = '<!-- /content-steps -->';
const ALL_KINDS = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service'];

function kinds(step: ContentStep): string {
  if (step.pageKinds.length === ALL_KINDS.length) return 'every';
  if (step.pageKinds.length >= 4) return `all but ${ALL_KINDS.filter((kind) => !step.pageKinds.includes(kind as never)).join(', ')}`;
  return step.pageKinds.join(', ');
}

const rows = CONTENT_STEP_REGISTRY.map(
  (step) => `| \`${step.name}\` | ${step.phase} | ${kinds(step)} | ${step.about.replaceAll('|', '\\|').replace(/<(\w+)>/g, '`<$1>`')} |`,
);
const table = ['| step | phase | page kinds | what it does and why |', '|---|---|---|---|', ...rows].join('\n');
const doc = readFileSync(DOC, 'utf8');
const from = doc.indexOf(START);
const to = doc.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/content.md has no ${START} … ${END} block`);
const updated = `${doc.slice(0, from + START.length)}\n${table}\n${doc.slice(to)}`;
if (process.argv.includes('--check')) {
  if (updated !== doc) {
    console.error("docs/content.md: the step table is not the registry's: run `pnpm docs:content-steps`");
    process.exit(1);
  }
  console.log(`docs/content.md: the step table is current (${rows.length} steps)`);
} else {
  writeFileSync(DOC, updated);
  console.log(`docs/content.md: ${rows.length} steps`);
}
