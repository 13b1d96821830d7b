// `pnpm bench:quality:diff A B`: two dumps of `pnpm bench:quality --dump` compared page by page:
// each set's total in both, then the pages whose score moved, most first. How a content step is
// judged: it stays when no set loses, and the pages it moved say why.
//   pnpm bench:quality:diff DIR_A DIR_B [--sets aeb,wcxb,trafilatura] [--top N]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { comparePredictions } from './lib/compare-predictions.js';
import { EVAL_SET_NAMES, type EvalSetName, evalSet, type SetScore } from './lib/eval-sets.js';
import { fmt } from './lib/stats.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { sets: { type: 'string', default: EVAL_SET_NAMES.join(',') }, top: { type: 'string', default: '25' } },
});
const [before, after] = positionals;
if (!before || !after) {
  console.error('usage: pnpm bench:quality:diff DIR_A DIR_B [--sets aeb,wcxb,trafilatura] [--top N]');
  process.exit(2);
}
const top = Number(args.top);

function describe(total: SetScore): string {
  const types = total.byType
    ? ` (${Object.entries(total.byType)
        .map(([type, f1]) => `${type} ${fmt(f1, 4)}`)
        .join(', ')})`
    : '';
  return `${fmt(total.f1, 4)}${types}`;
}

for (const name of args.sets!.split(',') as EvalSetName[]) {
  const files = [join(before, `${name}.json`), join(after, `${name}.json`)];
  if (!files.every((file) => existsSync(file))) continue;
  const [a, b] = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  const set = evalSet(name);
  const { a: scoreA, b: scoreB, changed, moved, up } = comparePredictions(set, a!, b!);
  console.log(`\n## ${set.title}: ${scoreA.pages.length} pages\n`);
  console.log(`A  ${describe(scoreA)}`);
  console.log(`B  ${describe(scoreB)}`);
  console.log(`Markdown changed on ${changed} pages; score up on ${up}, down on ${moved.length - up}`);
  for (const { page, was } of moved.slice(0, top)) {
    const snippets =
      page.snippets && was.snippets ? `  tp ${was.snippets.tp}->${page.snippets.tp}, fp ${was.snippets.fp}->${page.snippets.fp}` : '';
    console.log(
      `${page.value > was.value ? '+' : '-'} ${fmt(was.value, 3)} -> ${fmt(page.value, 3)}  ${page.type.padEnd(13)} ${page.id}${snippets}`,
    );
  }
}
