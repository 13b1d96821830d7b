import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { phrases } from '@trawl/testkit';
import { describe, expect, it } from 'vitest';
import { startApi } from './helpers/api-server.js';
import { clientEnv, clientRig, FIRECRAWL_CLI_BIN } from './helpers/firecrawl-clients.js';

/** Firecrawl's CLI (`firecrawl-cli`, its npm package, unchanged) as a child process, FIRECRAWL_API_URL pointing at Trawl. */
const run = promisify(execFile);
const KEY = 'fc-cli-key';
const rig = clientRig({ auth: { [KEY]: 'cli-team', 'fc-cli-metered': 'metered-team' }, credits: { 'metered-team': 1000 } });

/** Runs `firecrawl <args>` and returns what it printed; a non-zero exit fails with its output. */
async function firecrawl(
  args: string[],
  env: Record<string, string> = { FIRECRAWL_API_URL: rig.api.url, FIRECRAWL_API_KEY: KEY },
): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [FIRECRAWL_CLI_BIN, ...args], {
    cwd: rig.home,
    env: clientEnv(rig.home, env),
    timeout: 90_000,
    maxBuffer: 20 * 1024 * 1024,
  });
}

describe('firecrawl-cli 1.23 against Trawl', () => {
  it('scrape prints the page as Markdown: the whole page by default, the article alone with --only-main-content', async () => {
    const whole = await firecrawl(['scrape', `${rig.site.url}/articles/boilerplate`]);
    expect(whole.stdout).toContain(phrases.articleLead);
    expect(whole.stdout).toContain(phrases.nav);
    expect(whole.stderr).toMatch(/Scrape ID: [0-9a-f-]{36}/);
    const main = await firecrawl(['scrape', `${rig.site.url}/articles/boilerplate`, '--only-main-content']);
    expect(main.stdout).toContain(phrases.articleLead);
    expect(main.stdout).toContain(phrases.articleClosing);
    expect(main.stdout).not.toContain(phrases.nav);
  });

  it('scrape with several formats prints the v2 document as JSON', async () => {
    const { stdout } = await firecrawl([
      'scrape',
      `${rig.site.url}/articles/boilerplate`,
      '--format',
      'markdown,links,images',
      '--only-main-content',
    ]);
    const document = JSON.parse(stdout);
    expect(document.markdown).toContain(phrases.articleHeading);
    expect(document.links).toContain(`${rig.site.url}/articles/minimal`);
    expect(document.images).toContain(`${rig.site.url}/img/harbour-800.jpg`);
    expect(document.metadata).toMatchObject({ statusCode: 200, title: expect.stringContaining(phrases.articleTitle) });
  });

  it("map prints the site's URLs one a line, sitemap URLs included; --search narrows them", async () => {
    const { stdout } = await firecrawl(['map', `${rig.site.url}/crawl/`]);
    const urls = stdout.trim().split('\n');
    expect(urls[0]).toBe(`${rig.site.url}/crawl/`);
    expect(urls).toEqual(expect.arrayContaining([`${rig.site.url}/crawl/a`, `${rig.site.url}/crawl/c/1/x`, `${rig.site.url}/orphan`]));
    const blog = await firecrawl(['map', `${rig.site.url}/`, '--search', 'blog', '--limit', '2', '--json']);
    // Links of pages the map fetched carry their titles.
    expect(JSON.parse(blog.stdout)).toEqual({
      success: true,
      data: {
        links: [
          { url: `${rig.site.url}/blog/1`, title: 'Blog post 1' },
          { url: `${rig.site.url}/blog/2`, title: 'Blog post 2' },
        ],
      },
    });
  });

  it("crawl --wait prints every page's Markdown; crawl <job id> prints its status", async () => {
    const { stdout } = await firecrawl([
      'crawl',
      `${rig.site.url}/crawl/`,
      '--wait',
      '--poll-interval',
      '1',
      '--max-depth',
      '1',
      '--sitemap',
      'skip',
      '--limit',
      '10',
    ]);
    const crawl = JSON.parse(stdout);
    expect(crawl.status).toBe('completed');
    const pages = ['/crawl/', '/crawl/a', '/crawl/b', '/crawl/c'].map((path) => `${rig.site.url}${path}`);
    const byUrl = new Map<string, string>(
      crawl.data.map((doc: { metadata: { sourceURL: string }; markdown: string }) => [doc.metadata.sourceURL, doc.markdown]),
    );
    expect([...byUrl.keys()]).toEqual(expect.arrayContaining(pages));
    for (const url of pages) expect(byUrl.get(url)).toContain(`This is the crawl fixture page at \`${new URL(url).pathname}\``);

    const status = JSON.parse((await firecrawl(['crawl', crawl.id])).stdout);
    expect(status).toMatchObject({ id: crawl.id, status: 'completed', completed: crawl.data.length, total: crawl.total });
  });

  it('crawl without --wait prints the job it started, which Trawl then runs', async () => {
    const started = JSON.parse((await firecrawl(['crawl', `${rig.site.url}/crawl/`, '--limit', '3'])).stdout);
    expect(started.data.url).toBe(`${rig.api.url}/v2/crawl/${started.data.jobId}`);
    const done = await rig.api.waitForJob(`/v2/crawl/${started.data.jobId}`, KEY);
    expect(done.body).toMatchObject({ status: 'completed', completed: 3 });
  });

  it("search prints the provider's hits; --scrape adds each page's content", async () => {
    const { stdout } = await firecrawl(['search', 'harbour', '--limit', '3']);
    expect(stdout).toContain('Harbour pilots guide ships home');
    expect(stdout).toContain(`URL: ${rig.site.url}/articles/boilerplate`);
    expect(stdout).toContain(`URL: ${rig.site.url}/blog/2`);
    expect(stdout).not.toContain(`${rig.site.url}/blog/3`);
    const scraped = await firecrawl(['search', 'pilots', '--scrape', '--limit', '1']);
    expect(scraped.stdout).toContain(phrases.articleLead);
    expect(scraped.stdout).not.toContain(phrases.footer);
  });

  it("credit-usage prints the team's balance, and what its scrapes spent", async () => {
    const metered = { FIRECRAWL_API_URL: rig.api.url, FIRECRAWL_API_KEY: 'fc-cli-metered' };
    await firecrawl(['scrape', `${rig.site.url}/articles/minimal`], metered);
    await firecrawl(['scrape', `${rig.site.url}/articles/minimal`], metered);
    const { stdout } = await firecrawl(['credit-usage'], metered);
    expect(stdout).toContain('Remaining Credits: 998');
    expect(stdout).toContain('Plan Credits: 1,000');
    expect(stdout).toContain('Used Credits: 2 (0.2%)');
    const json = JSON.parse((await firecrawl(['credit-usage', '--json'], metered)).stdout);
    expect(json).toEqual({
      success: true,
      data: { remainingCredits: 998, planCredits: 1000, billingPeriodStart: null, billingPeriodEnd: null },
    });
  });

  it('with only FIRECRAWL_API_URL set, against an open server, scrape and credit-usage work without a key', async () => {
    const open = await startApi();
    try {
      const env = { FIRECRAWL_API_URL: open.url };
      expect((await firecrawl(['scrape', `${rig.site.url}/articles/minimal`], env)).stdout.trim()).toBe(phrases.minimal);
      expect((await firecrawl(['credit-usage'], env)).stdout).toContain('Remaining Credits: 99,999,999');
    } finally {
      await open.close();
    }
  });

  it('--api-url and --api-key flags work instead of the environment', async () => {
    const { stdout } = await firecrawl(['scrape', `${rig.site.url}/articles/minimal`, '--api-url', rig.api.url, '--api-key', KEY], {});
    expect(stdout.trim()).toBe(phrases.minimal);
  });
});
