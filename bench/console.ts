// `pnpm bench console`: the web console's cost. Its bundle (bytes, gzipped), its first paint and
// first screen in the real Chromium against a local server, and the API's latency with the
// console on and off (GET /healthz and a status read of an unknown job: the router's own path,
// which the console must not slow). `--screenshots DIR` also saves a PNG of each screen,
// light and dark, for docs/console.md.
// Alone: node --conditions=trawl-source --import tsx bench/console.ts [--screenshots docs/console]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { CHROMIUM_ARGS, requireChromium } from '@trawl/browser-playwright';
import { createConsole } from '@trawl/console';
import { createServer, type TrawlServer } from '@trawl/http';
import { boilerplateArticle, type ChangingPage, changingPageHtml, INITIAL_CHANGING_PAGE, startFixtureSite } from '@trawl/testkit';
import { chromium, type Page } from 'playwright-core';
import { fmt, percentile, printTable } from './lib/stats.js';

const LOADS = 10;
const PRODUCT = '/changing/kettle';
const SECONDS = 3;

export interface ConsoleBenchmarkResult {
  scriptBytes: number;
  scriptGzipBytes: number;
  styleBytes: number;
  styleGzipBytes: number;
  firstPaintP50Ms: number;
  firstScreenP50Ms: number;
  api: Record<string, { consoleOff: { p50: number; p99: number; rps: number }; consoleOn: { p50: number; p99: number; rps: number } }>;
}

async function load(url: string, path: string) {
  await autocannon({ url: `${url}${path}`, connections: 4, amount: 500 });
  const result = await autocannon({ url: `${url}${path}`, connections: 4, duration: SECONDS });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average) };
}

type Load = Awaited<ReturnType<typeof load>>;
const mean = (a: Load, b: Load): Load => ({ p50: (a.p50 + b.p50) / 2, p99: (a.p99 + b.p99) / 2, rps: Math.round((a.rps + b.rps) / 2) });

/** Off, on, on, off: each server runs first once and last once, so warm-up and drift fall on both. */
async function compare(off: string, on: string, path: string) {
  const off1 = await load(off, path);
  const on1 = await load(on, path);
  const on2 = await load(on, path);
  const off2 = await load(off, path);
  return { consoleOff: mean(off1, off2), consoleOn: mean(on1, on2) };
}

async function listen(withConsole: boolean): Promise<{ server: TrawlServer; url: string }> {
  const server = createServer({
    allowPrivateNetwork: true,
    sweepIntervalMs: 0,
    rateLimits: { status: 1_000_000 },
    ...(withConsole ? { console: createConsole() } : {}),
  });
  return { server, url: await server.listen(0, '127.0.0.1') };
}

/** Saves each screen, light and dark, at a desktop and (Playground) a phone width. */
async function screenshots(page: Page, url: string, site: string, changing: Map<string, ChangingPage>, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.goto(`${url}/#/playground`);
  await page.getByLabel('URL', { exact: true }).fill(`${site}${boilerplateArticle.path}`);
  await page.getByRole('button', { name: 'Scrape' }).click();
  await page.locator('article.markdown h1').waitFor();
  await page.screenshot({ path: join(dir, 'playground.png') });
  await page.getByLabel('URL', { exact: true }).fill(`${site}/crawl/`);
  await page.getByLabel('Limit').fill('50');
  await page.getByRole('button', { name: 'Crawl' }).click();
  await page.locator('.badge.completed').waitFor({ timeout: 60_000 });
  await page.locator('ol.pages button').first().click();
  await page.locator('.reader article.markdown').waitFor();
  await page.screenshot({ path: join(dir, 'job.png'), fullPage: true });
  await page.goto(`${url}/#/jobs`);
  await page.locator('table.jobs').waitFor();
  await page.screenshot({ path: join(dir, 'jobs.png') });
  // A monitor of two pages checked twice, the product page's price changed in between, for the Monitors screens.
  const post = async (path: string, body: unknown) =>
    (await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const get = async (path: string) => (await fetch(`${url}${path}`)).json();
  const monitor = await post('/v2/monitor', {
    name: 'Harbour shop',
    schedule: { cron: '0 * * * *' },
    targets: [{ type: 'scrape', urls: [`${site}${PRODUCT}`, `${site}/crawl/a`] }],
  });
  const id = monitor.data?.id ?? monitor.id;
  for (const price of ['$49.00', '$44.00']) {
    changing.set(PRODUCT, { status: 200, html: changingPageHtml({ ...INITIAL_CHANGING_PAGE, price, jsonLdPrice: price.slice(1) }) });
    await post(`/v2/monitor/${id}/run`, {});
    for (let tries = 0; tries < 100; tries++) {
      const checks = await get(`/v2/monitor/${id}/checks`);
      if (checks.data?.[0] && !['queued', 'running'].includes(checks.data[0].status)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await page.goto(`${url}/#/monitors`);
  await page.locator('ul.cards li').first().waitFor();
  await page.screenshot({ path: join(dir, 'monitors.png') });
  await page.goto(`${url}/#/monitors/${id}`);
  const check = page.locator('ul.checks button').first();
  await check.waitFor();
  await check.click();
  await page.locator('main section .card').first().waitFor();
  await page.screenshot({ path: join(dir, 'monitor-check.png'), fullPage: true });
  await page.goto(`${url}/#/usage`);
  await page.locator('svg.chart').first().waitFor();
  await page.screenshot({ path: join(dir, 'usage.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${url}/#/jobs`);
  await page.locator('table.jobs').waitFor();
  await page.screenshot({ path: join(dir, 'jobs-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 412, height: 839 });
  await page.goto(`${url}/#/playground`);
  await page.getByLabel('URL', { exact: true }).waitFor();
  await page.screenshot({ path: join(dir, 'playground-phone.png') });
}

export async function runConsoleBenchmark(args: string[] = []): Promise<ConsoleBenchmarkResult> {
  execFileSync(process.execPath, [fileURLToPath(new URL('../packages/console/scripts/build-app.mjs', import.meta.url))]);
  const files = [...createConsole().files];
  const bytes = (suffix: string) => {
    const [name, size] = files.find(([file]) => file.endsWith(suffix))!;
    const body = readFileSync(new URL(`../packages/console/assets/${name}`, import.meta.url));
    return { size, gzip: gzipSync(body).length };
  };
  const script = bytes('.js');
  const style = bytes('.css');

  const changing = new Map<string, ChangingPage>();
  const site = await startFixtureSite({ changingPages: changing });
  const on = await listen(true);
  const off = await listen(false);
  const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
  const paints: number[] = [];
  const screens: number[] = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${on.url}/#/jobs`);
      await page.locator('main h1').waitFor();
      const [paint, screen] = await page.evaluate(() => [
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        performance.now(),
      ]);
      paints.push(paint!);
      screens.push(screen!);
      await context.close();
    }
    const shotsAt = args.indexOf('--screenshots');
    if (shotsAt >= 0) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 820 } });
      await screenshots(await context.newPage(), on.url, site.url, changing, args[shotsAt + 1] ?? 'docs/console');
      await context.close();
    }
  } finally {
    await browser.close();
  }

  const api: ConsoleBenchmarkResult['api'] = {};
  for (const path of ['/healthz', '/v2/crawl/00000000-0000-4000-8000-000000000000']) {
    api[path] = await compare(off.url, on.url, path);
  }
  await on.server.close();
  await off.server.close();
  await site.close();

  paints.sort((a, b) => a - b);
  screens.sort((a, b) => a - b);
  const result: ConsoleBenchmarkResult = {
    scriptBytes: script.size,
    scriptGzipBytes: script.gzip,
    styleBytes: style.size,
    styleGzipBytes: style.gzip,
    firstPaintP50Ms: percentile(paints, 50),
    firstScreenP50Ms: percentile(screens, 50),
    api,
  };
  console.log('\nConsole: bundle and first paint');
  printTable(
    ['script', 'script gz', 'style', 'style gz', `first paint p50 (${LOADS} loads)`, 'Jobs screen ready p50'],
    [
      [
        `${script.size} B`,
        `${script.gzip} B`,
        `${style.size} B`,
        `${style.gzip} B`,
        `${fmt(result.firstPaintP50Ms)} ms`,
        `${fmt(result.firstScreenP50Ms)} ms`,
      ],
    ],
  );
  console.log(`\nAPI latency, console off vs on (4 connections, ${SECONDS} s per run, off-on-on-off, means)`);
  printTable(
    ['request', 'off p50', 'on p50', 'off p99', 'on p99', 'off req/s', 'on req/s'],
    Object.entries(api).map(([path, { consoleOff, consoleOn }]) => [
      `GET ${path.length > 20 ? '/v2/crawl/<unknown>' : path}`,
      `${consoleOff.p50} ms`,
      `${consoleOn.p50} ms`,
      `${consoleOff.p99} ms`,
      `${consoleOn.p99} ms`,
      String(consoleOff.rps),
      String(consoleOn.rps),
    ]),
  );
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runConsoleBenchmark(process.argv.slice(2));
