// `pnpm bench`: every benchmark, figures printed side by side with the rival each issue names.
// `pnpm bench <name>` runs one: convert, crawl, rendered-crawl (a crawl where a third of the pages need the browser, against Crawlee's PlaywrightCrawler), stores, frontier, browser, sessions (the browser-session soak), api, hostile (hostile-teams: its multi-team part alone; hostile-streams: its 150 status streams alone), startup, documents, memory, blocks,
// traps (the crawl-trap guard over the dev sets' link graphs: links held back), formats (the product format's cost beyond
// the scrape, no model), html5lib (parsers against html5lib-tests' tree construction; `--core PATH` scores another checkout's),
// links-stream (the links-only path against the tree path on the dev sets; `--step N`), links-main
// (links of the main content alone against with Markdown, on the dev sets; `--step N`), every-path (scrape,
// crawl, map and batch scrape over every dev-set page: no INTERNAL error; `--step N`, `--sets`), console (the web console's
// bundle, first paint and the API's latency with it on and off; `--screenshots DIR`).
import { runApiBenchmark } from './api.js';
import { runBlocksBenchmark } from './blocks.js';
import { runConsoleBenchmark } from './console.js';
import { runTrapsBenchmark } from './traps.js';
import { runBrowserBenchmark } from './browser.js';
import { runCrawlBenchmark } from './crawl.js';
import { runRenderedCrawlBenchmark } from './rendered-crawl.js';
import { runDocumentBenchmark } from './documents.js';
import { runEveryPathBenchmark } from './every-path.js';
import { runFormatsBenchmark } from './formats.js';
import { runFrontierBenchmark } from './frontier.js';
import { runHostileBenchmark } from './hostile.js';
import { runStreamsBenchmark, runTeamsBenchmark } from './hostile-teams.js';
import { runHtml5libBenchmark } from './html5lib.js';
import { runLinksMainCheck } from './links-main.js';
import { runLinksStreamCheck } from './links-stream.js';
import { runMemoryBenchmark } from './memory.js';
import { runConvertBenchmark } from './speed.js';
import { runStartupBenchmark } from './startup.js';
import { runStoreBenchmark } from './stores.js';
import { runSessionSoak } from './sessions.js';

const benchmarks: Record<string, () => Promise<unknown> | unknown> = {
  convert: runConvertBenchmark,
  crawl: runCrawlBenchmark,
  'rendered-crawl': () => runRenderedCrawlBenchmark(),
  stores: () => runStoreBenchmark(),
  frontier: () => runFrontierBenchmark(),
  browser: () => runBrowserBenchmark(),
  sessions: () => runSessionSoak(),
  api: () => runApiBenchmark(),
  hostile: () => runHostileBenchmark(),
  'hostile-teams': () => runTeamsBenchmark(),
  'hostile-streams': () => runStreamsBenchmark(),
  startup: () => runStartupBenchmark(),
  documents: () => runDocumentBenchmark(),
  memory: () => runMemoryBenchmark(),
  blocks: () => runBlocksBenchmark(),
  traps: () => runTrapsBenchmark(),
  formats: () => runFormatsBenchmark(),
  html5lib: () => runHtml5libBenchmark(process.argv.slice(3)),
  'links-stream': () => runLinksStreamCheck(process.argv.slice(3)),
  'links-main': () => runLinksMainCheck(process.argv.slice(3)),
  'every-path': () => runEveryPathBenchmark(process.argv.slice(3)),
  console: () => runConsoleBenchmark(process.argv.slice(3)),
};

const only = process.argv[2];
if (only && !benchmarks[only]) throw new Error(`Unknown benchmark "${only}": choose one of ${Object.keys(benchmarks).join(', ')}`);
const results: Record<string, unknown> = {};
for (const [name, run] of Object.entries(benchmarks)) {
  if (!only || only === name) results[name] = await run();
}
console.log(`\n${JSON.stringify(results)}`);
