// `pnpm bench every-path [--step N] [--sets aeb,wcxb,trafilatura]`: every code path that converts a
// page (lib/every-path.ts) over every page of the dev sets (every N-th with --step), served by a
// local server. Fails (exit code 1) on any INTERNAL error; core's test/every-path runs a fixed sample in CI.
import { parseArgs } from 'node:util';
import { EVAL_SET_NAMES, type EvalSetName, evalSet, samplePages } from './lib/eval-sets.js';
import { type PathPage, runEveryPath } from './lib/every-path.js';

export async function runEveryPathBenchmark(
  argv: string[] = [],
): Promise<{ pages: number; runs: number; internal: number; other: number }> {
  const { values } = parseArgs({
    args: argv,
    options: { step: { type: 'string', default: '1' }, sets: { type: 'string', default: EVAL_SET_NAMES.join(',') } },
    strict: false,
  });
  const step = Number(values.step) || 1;
  const sets = String(values.sets).split(',') as EvalSetName[];
  const pages: PathPage[] = sets.flatMap((set) =>
    samplePages(evalSet(set).pages(), step).map((page) => ({
      set,
      id: page.id,
      // Read when served: the sets hold about 600 MB of HTML.
      get html() {
        return page.html;
      },
    })),
  );
  console.log(`\n## Every path over the dev sets (${pages.length} pages: ${sets.join(', ')}${step > 1 ? `, every ${step}-th` : ''})\n`);
  const started = performance.now();
  const result = await runEveryPath(pages, { log: (line) => console.log(line) });
  const internal = result.failures.filter((failure) => failure.code === 'INTERNAL');
  const other = result.failures.filter((failure) => failure.code !== 'INTERNAL');
  for (const failure of result.failures) console.log(`${failure.code} ${failure.path} ${failure.url}: ${failure.message}`);
  console.log(
    `\n${result.pages} pages, ${result.runs} conversions in ${((performance.now() - started) / 1000).toFixed(0)} s: ${internal.length} INTERNAL error(s), ${other.length} other failure(s); ${result.brokenLinks} 404(s) of the pages' own relative links`,
  );
  if (internal.length) process.exitCode = 1;
  return { pages: result.pages, runs: result.runs, internal: internal.length, other: other.length };
}
