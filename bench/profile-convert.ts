// A profiling harness, not a benchmark: converts synthetic crawl-bench pages in this thread as a
// crawl does (with the raw page's links), so `node --cpu-prof` or callgrind sees conversion only.
// Usage: node --conditions=trawl-source --import tsx bench/profile-convert.ts <links|markdown|links-whole> [pages] [rounds]
// Prints CPU ms per page (user + system of this process, module loading excluded).
import { resolveScrapeOptions, type ScrapeOptionsInput } from '@trawl/core';
import { syntheticPageHtml } from '@trawl/testkit';
import { convertPageContent } from '../packages/core/src/pipeline/to-document.js';

const MODES: Record<string, ScrapeOptionsInput> = {
  links: { formats: ['links'] },
  markdown: { formats: ['markdown'] },
  'links-whole': { formats: ['links'], onlyMainContent: false },
};
const [mode = 'links', pagesArg = '100', roundsArg = '3'] = process.argv.slice(2);
const input = MODES[mode];
if (!input) throw new Error(`unknown mode ${mode}: ${Object.keys(MODES).join(', ')}`);
const options = resolveScrapeOptions(input);
const url = 'http://127.0.0.1:1/page';
// The crawl bench's site: 30-150 KB pages, seed 7.
const bodies = Array.from({ length: Number(pagesArg) }, (_, index) => Buffer.from(syntheticPageHtml(index, { pages: 21_000, seed: 7 })));
const before = process.cpuUsage();
let converted = 0;
for (let round = 0; round < Number(roundsArg); round++) {
  for (const body of bodies) {
    convertPageContent({ url, status: 200, headers: { 'content-type': 'text/html' }, body }, url, options, true);
    converted++;
  }
}
const cpu = process.cpuUsage(before);
console.log(mode, converted, 'pages', ((cpu.user + cpu.system) / 1000 / converted).toFixed(2), 'CPU ms/page');
