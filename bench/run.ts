// `pnpm bench`: every benchmark, figures printed side by side with the rival each issue names.
// `pnpm bench <name>` runs one: convert, crawl.
import { runCrawlBenchmark } from './crawl.js';
import { runConvertBenchmark } from './speed.js';

const benchmarks: Record<string, () => Promise<unknown> | unknown> = {
  convert: runConvertBenchmark,
  crawl: runCrawlBenchmark,
};

const only = process.argv[2];
const results: Record<string, unknown> = {};
for (const [name, run] of Object.entries(benchmarks)) {
  if (!only || only === name) results[name] = await run();
}
console.log(`\n${JSON.stringify(results)}`);
