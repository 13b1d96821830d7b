// `pnpm bench html5lib`: how many of html5lib-tests' tree-construction cases each parser builds
// exactly (bench/lib/html5lib-trees.ts): Trawl's parseHtml, linkedom's own parser (htmlparser2,
// what Trawl parsed with before parse5) and jsdom (parse5's own tree) for reference.
// `--core PATH` scores the parseHtml of another checkout's core (PATH/packages/core/src/index.ts),
// so a change of parser can be compared with the one it replaces.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parseHTML } from 'linkedom';
import { dumpTree, readTreeCases, type TreeCase, treeCaseFiles, withoutDoctype } from './lib/html5lib-trees.js';
import { fmt, printTable } from './lib/stats.js';

type Parse = (html: string) => Document;

interface Score {
  parser: string;
  cases: number;
  passed: number;
  /** Cases that hold only with scripting off or on, passed of all. */
  scripting: Record<'on' | 'off', { cases: number; passed: number }>;
  byFile: Record<string, { cases: number; passed: number }>;
  failed: string[];
}

function score(parser: string, parse: Parse, cases: TreeCase[]): Score {
  const result: Score = {
    parser,
    cases: cases.length,
    passed: 0,
    scripting: { on: { cases: 0, passed: 0 }, off: { cases: 0, passed: 0 } },
    byFile: {},
    failed: [],
  };
  for (const test of cases) {
    const file = test.id.split('#')[0]!;
    const row = (result.byFile[file] ??= { cases: 0, passed: 0 });
    row.cases++;
    if (test.scripting) result.scripting[test.scripting].cases++;
    let dump: string;
    try {
      dump = dumpTree(parse(test.data));
    } catch {
      dump = '(threw)';
    }
    if (dump === withoutDoctype(test.expected)) {
      result.passed++;
      row.passed++;
      if (test.scripting) result.scripting[test.scripting].passed++;
    } else result.failed.push(test.id);
  }
  return result;
}

type Parser = Pick<typeof import('@trawl/core/ports'), 'parseHtml'>;

/** Trawl's parser from this checkout, or from another one (`--core DIR`; older checkouts exported it from core's main entry). */
async function parserOf(checkout: string | undefined): Promise<Parser> {
  if (!checkout) return import('@trawl/core/ports');
  const ports = `${checkout}/packages/core/src/entries/ports.ts`;
  const entry = existsSync(ports) ? ports : `${checkout}/packages/core/src/index.ts`;
  return (await import(pathToFileURL(entry).href)) as Parser;
}

export async function runHtml5libBenchmark(argv: string[] = []): Promise<Record<string, number>> {
  const { values } = parseArgs({
    args: argv,
    options: { core: { type: 'string' }, failed: { type: 'boolean', default: false } },
    strict: false,
  });
  const { parseHtml } = await parserOf(typeof values.core === 'string' ? values.core : undefined);
  const { JSDOM } = await import('jsdom');
  // Trawl parses whole documents: the fragment cases (innerHTML in a context element) are left out.
  const cases = treeCaseFiles()
    .flatMap(readTreeCases)
    .filter((test) => !test.fragmentContext);
  const scores = [
    score(typeof values.core === 'string' ? `trawl parseHtml (${values.core})` : 'trawl parseHtml', parseHtml as Parse, cases),
    score('linkedom parseHTML (htmlparser2)', (html) => parseHTML(html).document as unknown as Document, cases),
    score('jsdom (parse5, scripting off)', (html) => new JSDOM(html).window.document, cases),
  ];
  console.log(
    `\n## html5lib-tests tree construction: ${cases.length} document cases (fragment cases left out; doctype lines not compared)\n`,
  );
  printTable(
    ['parser', 'passed', 'of', 'rate', 'scripting-off cases', 'scripting-on cases'],
    scores.map((s) => [
      s.parser,
      String(s.passed),
      String(s.cases),
      `${fmt((100 * s.passed) / s.cases, 1)}%`,
      `${s.scripting.off.passed}/${s.scripting.off.cases}`,
      `${s.scripting.on.passed}/${s.scripting.on.cases}`,
    ]),
  );
  const files = Object.keys(scores[0]!.byFile);
  console.log('');
  printTable(
    ['file', ...scores.map((s) => s.parser.split(' ')[0]!)],
    files.map((file) => [file, ...scores.map((s) => `${s.byFile[file]!.passed}/${s.byFile[file]!.cases}`)]),
  );
  if (values.failed) console.log(`\nfailed (${scores[0]!.parser}): ${scores[0]!.failed.join(' ')}`);
  return Object.fromEntries(scores.map((s) => [s.parser, s.passed / s.cases]));
}
