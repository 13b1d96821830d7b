// `pnpm bench formats`: what v2's `product` format costs beyond the scrape, with no model (goal
// under 5 ms a page). The page is parsed once for every format, so the cost is the product
// reader's own: JSON-LD and microdata read into nodes, the product and its variants built from
// them. Measured on the fixture product pages (JSON-LD, microdata) and on every dev-set page that
// declares a schema.org Product, beside a whole conversion of the same page. CPU time is reported
// beside wall time: the machine may be shared.
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { htmlToDocument } from '@trawl/core';
import { profileFixtures } from '@trawl/testkit';
import { parseHtml } from '../packages/core/src/content/dom/parse.js';
import { readPageProfiles } from '../packages/core/src/content/profiles/read-profiles.js';
import { findEvalDir, loadEvalPages, loadTrafilaturaPages, loadWcxbPages } from './lib/eval-pages.js';
import { fmt, percentile, printTable } from './lib/stats.js';

interface Sample {
  set: string;
  id: string;
  url: string;
  html: string;
}

interface Row {
  group: string;
  pages: number;
  found: number;
  productMs: number[];
  convertMs: number[];
}

const REPEATS = 20;
const PRODUCT_MARK = /schema\.org\/Product|"@type"\s*:\s*"Product(?:Group)?"/;

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** The product reader's CPU time on one parsed page (the mean of REPEATS runs), and whether it found a product. */
function productCost(html: string, url: string): { ms: number; found: boolean } {
  const document = parseHtml(html);
  let found = false;
  const cpu = process.cpuUsage();
  for (let i = 0; i < REPEATS; i++) found = readPageProfiles(document, url, url, ['product']).product !== undefined;
  return { ms: cpuMs(cpu) / REPEATS, found };
}

async function convertCost(html: string, url: string): Promise<number> {
  const cpu = process.cpuUsage();
  await htmlToDocument(html, { url, formats: ['markdown'] });
  return cpuMs(cpu);
}

function devSetProducts(): Sample[] {
  if (!findEvalDir()) return [];
  const sets: Array<[string, () => Array<{ id: string; url: string; html: string }>]> = [
    ['aeb', loadEvalPages],
    ['wcxb-dev', loadWcxbPages],
    ['trafilatura', loadTrafilaturaPages],
  ];
  return sets.flatMap(([set, load]) =>
    load()
      .filter((page) => PRODUCT_MARK.test(page.html))
      .map((page) => ({ set, ...page })),
  );
}

async function measure(group: string, samples: Sample[]): Promise<Row> {
  const row: Row = { group, pages: samples.length, found: 0, productMs: [], convertMs: [] };
  for (const sample of samples) {
    const { ms, found } = productCost(sample.html, sample.url);
    row.productMs.push(ms);
    if (found) row.found++;
    row.convertMs.push(await convertCost(sample.html, sample.url));
  }
  return row;
}

export async function runFormatsBenchmark(): Promise<{ productMsPerPage: number; productP95Ms: number; pages: number }> {
  console.log(
    `\n## The product format beyond the scrape (no model), load ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}\n`,
  );
  const fixtures: Sample[] = [profileFixtures.jsonLdProduct, profileFixtures.microdataProduct].map((fixture) => ({
    set: 'fixture',
    id: fixture.path,
    url: `https://shop.example${fixture.path}`,
    html: fixture.html,
  }));
  const devSet = devSetProducts();
  // The first pages run cold (JIT, lazy modules): read and convert a few before measuring anything.
  for (const sample of [...fixtures, ...devSet.slice(0, 5)]) {
    productCost(sample.html, sample.url);
    await convertCost(sample.html, sample.url);
  }
  const rows = [await measure('fixture product pages', fixtures), await measure('dev-set pages declaring a Product', devSet)];
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  printTable(
    ['pages', 'count', 'product found', 'product CPU ms/page (mean)', 'p95', 'max', 'conversion CPU ms/page', 'share of a conversion'],
    rows.map((row) => {
      const sorted = [...row.productMs].sort((a, b) => a - b);
      return [
        row.group,
        String(row.pages),
        String(row.found),
        fmt(mean(row.productMs), 3),
        fmt(percentile(sorted, 95), 3),
        fmt(sorted.at(-1) ?? 0, 3),
        fmt(mean(row.convertMs), 1),
        `${fmt((100 * mean(row.productMs)) / Math.max(0.001, mean(row.convertMs)), 2)}%`,
      ];
    }),
  );
  const all = rows.flatMap((row) => row.productMs).sort((a, b) => a - b);
  const productMsPerPage = mean(all);
  const productP95Ms = percentile(all, 95);
  console.log(
    `\nThe product format costs ${fmt(productMsPerPage, 3)} ms a page beyond the scrape (p95 ${fmt(productP95Ms, 3)} ms; goal under 5 ms)`,
  );
  return { productMsPerPage, productP95Ms, pages: all.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runFormatsBenchmark();
