import { readFileSync } from 'node:fs';
import type { TrawlServer } from '@trawl/http';
import { unzipSync } from 'fflate';
import { boilerplateArticle, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsoleApp, launchChromium, startConsoleServer } from './helpers/console-server.js';

const KEY_A = 'console-key-a';
const KEY_B = 'console-key-b';
/** A team of its own for the paging test, so its job count is known. */
const KEY_C = 'console-key-c';

let site: FixtureSite;
let server: TrawlServer;
let url: string;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Errors the page reported: a CSP violation or a script failure shows up here. */
const pageProblems: string[] = [];

async function api(method: string, path: string, key: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** A fresh tab (own session storage) signed in with `key`. */
async function signedIn(key: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageProblems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (401|404)/.test(message.text())) pageProblems.push(`console: ${message.text()}`);
  });
  await page.goto(`${url}/`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Screens' }).waitFor();
  return page;
}

beforeAll(async () => {
  buildConsoleApp();
  site = await startFixtureSite();
  ({ server, url } = await startConsoleServer({ auth: { [KEY_A]: 'team-a', [KEY_B]: 'team-b', [KEY_C]: 'team-c' } }));
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
  await site?.close();
});

describe('the web console in Chromium', { timeout: 120_000 }, () => {
  it('asks for a key, refuses a wrong one, and keeps a right one in the tab only', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.getByLabel('API key').fill('not-a-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('not valid');
    await page.getByLabel('API key').fill(KEY_A);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Playground' }).waitFor();
    expect(await page.evaluate(() => [sessionStorage.getItem('trawl.apiKey'), localStorage.getItem('trawl.apiKey')])).toEqual([
      KEY_A,
      null,
    ]);
  });

  it('scrapes a page and shows its H1 in the rendered Markdown, with the curl call', async () => {
    const page = await signedIn(KEY_A);
    await page.getByLabel('URL', { exact: true }).fill(`${site.url}${boilerplateArticle.path}`);
    await page.getByRole('button', { name: 'Scrape' }).click();
    const heading = page.locator('article.markdown h1');
    await heading.waitFor();
    const expected = boilerplateArticle.title;
    expect(await heading.textContent()).toBe(expected);
    // Links keep only safe schemes, resolved against the page; nothing of the page runs.
    const hrefs = await page.locator('article.markdown a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs).toContain(`${site.url}/crawl/a`);
    expect(hrefs.filter((href) => !/^(https?|mailto):/.test(href))).toEqual([]);
    expect(await page.locator('article.markdown script, article.markdown iframe').count()).toBe(0);
    await page.getByText('The same call with curl or the SDK').click();
    const curl = await page.locator('.snippets pre').first().textContent();
    expect(curl).toContain(`${url}/v2/scrape`);
    expect(curl).toContain('$TRAWL_API_KEY');
    expect(curl).not.toContain(KEY_A);
    await page.getByRole('tab', { name: 'Markdown', exact: true }).click();
    expect(await page.locator('[role=tabpanel] pre').first().textContent()).toContain(`# ${expected}`);
  });

  it("starts a crawl that reaches completed with the API's page count, opens a result page and shows why a page failed", async () => {
    const page = await signedIn(KEY_A);
    await page.getByLabel('URL', { exact: true }).fill(`${site.url}/crawl/`);
    await page.getByLabel('Limit').fill('50');
    await page.getByLabel('Depth').fill('2');
    await page.getByRole('button', { name: 'Crawl' }).click();
    await page.waitForURL(/#\/jobs\/crawl\//);
    const id = decodeURIComponent(page.url().split('/').at(-1)!);
    await page.locator('.badge.completed').waitFor({ timeout: 90_000 });
    const status = await api('GET', `/v2/crawl/${id}?limit=1`, KEY_A);
    expect(status.body.status).toBe('completed');
    expect(status.body.completed).toBeGreaterThan(5);
    expect(await page.locator('.count').textContent()).toBe(` ${status.body.completed}/${status.body.total} pages`);

    // The first page of results lists ten; their count over all pages is the job's.
    await page.locator('ol.pages li').first().waitFor();
    expect(await page.locator('ol.pages li').count()).toBe(Math.min(10, status.body.completed));
    await page.locator('ol.pages button').first().click();
    await page.locator('.reader article.markdown').waitFor();
    expect((await page.locator('.reader article.markdown').textContent())?.length).toBeGreaterThan(0);

    const failed = page.locator('ul.failed li');
    await failed.first().waitFor();
    expect(await failed.first().textContent()).toMatch(/\/crawl\/missing: .*HTTP 404/);

    // Downloads: JSONL of every page.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download JSONL' }).click();
    const file = await (await download).createReadStream();
    let text = '';
    for await (const chunk of file) text += chunk;
    expect(text.trim().split('\n')).toHaveLength(status.body.completed);
    // And a zip with one Markdown file per page.
    const zipped = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Markdown (zip)' }).click();
    const files = unzipSync(new Uint8Array(readFileSync((await (await zipped).path())!)));
    expect(Object.keys(files)).toHaveLength(status.body.completed);
    expect(Object.keys(files).every((name) => name.endsWith('.md'))).toBe(true);

    await page.getByRole('link', { name: 'Jobs', exact: true }).click();
    await page.locator('table.jobs').waitFor();
    expect(await page.locator('table.jobs tbody tr').first().textContent()).toContain(`${site.url}/crawl/`);
  });

  it('cancels a running crawl', async () => {
    const page = await signedIn(KEY_A);
    // The start page never answers, so the crawl runs until it is cancelled.
    await page.getByLabel('URL', { exact: true }).fill(`${site.url}/hang`);
    await page.getByRole('button', { name: 'Crawl' }).click();
    await page.waitForURL(/#\/jobs\/crawl\//);
    const id = decodeURIComponent(page.url().split('/').at(-1)!);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.badge.cancelled').waitFor();
    expect((await api('GET', `/v2/crawl/${id}?limit=1`, KEY_A)).body.status).toBe('cancelled');
  });

  it('shows failed pages with their reasons while the job still runs', async () => {
    // One page fails at once (404); the other never answers, so the batch keeps running.
    const started = await api('POST', '/v2/batch/scrape', KEY_A, {
      urls: [`${site.url}/crawl/missing`, `${site.url}/hang`],
      timeout: 60_000,
    });
    expect(started.status).toBe(200);
    const page = await signedIn(KEY_A);
    await page.goto(`${url}/#/jobs/batch/${started.body.id}`);
    const failed = page.locator('ul.failed li');
    await failed.first().waitFor();
    expect(await failed.first().textContent()).toMatch(/\/crawl\/missing: .*HTTP 404/);
    expect(await page.locator('.badge').first().textContent()).toBe('scraping');
    expect((await api('GET', `/v2/batch/scrape/${started.body.id}?limit=1`, KEY_A)).body.status).toBe('scraping');
    await api('DELETE', `/v2/batch/scrape/${started.body.id}`, KEY_A);
  });

  it('pages through older jobs with the keyboard, newest first, past the 50 a list answers', async () => {
    // The oldest job is a crawl; then 51 batches, one more than a list page holds.
    const crawl = await api('POST', '/v2/crawl', KEY_C, { url: `${site.url}/crawl/a`, limit: 1 });
    expect(crawl.status).toBe(200);
    const batches: string[] = [];
    for (let index = 0; index < 51; index++) {
      const batch = await api('POST', '/v2/batch/scrape', KEY_C, { urls: [`${site.url}/crawl/a?n=${index}`] });
      expect(batch.status).toBe(200);
      batches.push(batch.body.id);
    }
    const page = await signedIn(KEY_C);
    await page.getByRole('link', { name: 'Jobs', exact: true }).click();
    await page.locator('table.jobs').waitFor();
    // The first pages: 50 batches; the crawl is older than the oldest of them, so it waits for "Older jobs".
    const keys = () => page.locator('table.jobs tbody tr').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.key));
    expect(await keys()).toEqual(
      batches
        .slice(1)
        .reverse()
        .map((id) => `batch/${id}`),
    );

    const older = page.getByRole('button', { name: 'Older jobs' });
    await older.focus();
    await page.keyboard.press('Enter');
    await older.waitFor({ state: 'hidden' });
    expect(await keys()).toEqual([...[...batches].reverse().map((id) => `batch/${id}`), `crawl/${crawl.body.id}`]);
    // Focus moves to the first row the button brought in, so the keyboard carries on from there.
    expect(await page.evaluate(() => (document.activeElement?.closest('tr') as HTMLElement | null)?.dataset.key)).toBe(
      `batch/${batches[0]}`,
    );
    await expect(page.locator('[aria-live]').last().textContent()).resolves.toContain('2 older jobs loaded; 52 shown.');
  });

  it("does not show a team another team's jobs", async () => {
    const crawls = (await api('GET', '/v2/crawl', KEY_A)).body.crawls as Array<{ id: string }>;
    expect(crawls.length).toBeGreaterThan(0);
    const page = await signedIn(KEY_B);
    await page.getByRole('link', { name: 'Jobs', exact: true }).click();
    await page.getByText('No jobs yet').waitFor();
    expect(await page.locator('table.jobs').count()).toBe(0);
    // Nor one of them by its address: the API answers 404 to team B.
    await page.goto(`${url}/#/jobs/crawl/${crawls[0]!.id}`);
    await expect(page.getByRole('alert').first().textContent()).resolves.toMatch(/not found|Not Found|404/i);
  });

  it('loads without a CSP violation or script error in any screen', async () => {
    const page = await signedIn(KEY_A);
    for (const screen of ['Jobs', 'Monitors', 'Usage', 'Playground']) {
      await page.getByRole('link', { name: screen, exact: true }).click();
      await page.locator('main h1').first().waitFor();
    }
    await page.locator('svg.chart').count();
    expect(pageProblems).toEqual([]);
  });
});
