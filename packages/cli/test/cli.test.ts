import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileNameFor } from '../src/output-files.js';
import { runCli } from './run-cli.js';

let site: FixtureSite;
let dir: string;
/** A progress line with at least one page done: the moment to press Ctrl-C. */
const FIRST_PAGE_DONE = /crawl: [1-9]\d*\//;
beforeAll(async () => {
  site = await startFixtureSite();
  dir = await mkdtemp(join(tmpdir(), 'trawl-cli-'));
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

describe('trawl scrape', () => {
  it('prints the Markdown of the main content', async () => {
    const result = await runCli(['scrape', `${site.url}/articles/boilerplate`]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(phrases.articleLead);
    expect(result.stdout).not.toContain(phrases.footer);
  });

  it('prints links, the whole Document as JSON, and keeps boilerplate on request', async () => {
    const links = await runCli(['scrape', `${site.url}/articles/boilerplate`, '--format', 'links', '--no-main-content']);
    expect(
      links.stdout
        .trim()
        .split('\n')
        .every((l) => /^https?:\/\//.test(l)),
    ).toBe(true);
    const json = await runCli(['scrape', `${site.url}/articles/boilerplate`, '--json', '--no-main-content']);
    const doc = JSON.parse(json.stdout);
    expect(doc.metadata.statusCode).toBe(200);
    expect(doc.markdown).toContain(phrases.footer);
  });

  it('fails with the error code and a message, exit code 1', async () => {
    const result = await runCli(['scrape', 'http://127.0.0.1:1/']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error \[SCRAPE_CONNECTION_ERROR\]: /m);
  });

  it('reads a URL without a scheme as the API does, and quotes a bad one as typed', async () => {
    const result = await runCli(['scrape', `${site.url.replace('http://', '')}/articles/boilerplate`]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(phrases.articleLead);
    const bad = await runCli(['scrape', 'not a url']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('error [SCRAPE_INVALID_URL]: Invalid URL "not a url": give an absolute http:// or https:// URL');
  });

  it('prints an error page but says its status on stderr and exits 1', async () => {
    const result = await runCli(['scrape', `${site.url}/status/404`]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`error: ${site.url}/status/404 answered HTTP 404 Not Found`);
    expect(result.stdout.length).toBeGreaterThan(0);
  });

  it('rejects an unknown format as a usage error', async () => {
    const result = await runCli(['scrape', `${site.url}/`, '--format', 'pdf']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Allowed choices/);
  });
});

describe('trawl convert', () => {
  it('converts HTML from standard input without fetching', async () => {
    site.resetRequests();
    const result = await runCli(['convert', '-', '--url', 'https://example.com/a/b', '--format', 'links', '--no-main-content'], {
      input: '<p>See <a href="../c">c</a> and <a href="#x">x</a></p>',
    });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('https://example.com/c\nhttps://example.com/a/b');
  });
});

describe('trawl crawl', () => {
  it('writes one Markdown file per page and index.jsonl, with plain progress lines off a terminal', async () => {
    const out = join(dir, 'crawl');
    const result = await runCli(['crawl', `${site.url}/crawl/`, '--limit', '5', '--ignore-sitemap', '--out', out]);
    expect(result.code).toBe(0);
    const index = (await readFile(join(out, 'index.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(index.length).toBeGreaterThanOrEqual(4);
    for (const entry of index.filter((e) => e.file)) {
      const markdown = await readFile(join(out, entry.file), 'utf8');
      // Each file says where it came from.
      expect(markdown).toMatch(/^---\ntitle: ".*"\nurl: "http:\/\/127\.0\.0\.1:\d+\/[^"]*"\nstatus: \d{3}\n---\n\n/);
      expect(markdown).toContain(`url: "${entry.url}"`);
      // Text files end with one newline.
      expect(markdown).toMatch(/[^\n]\n$/);
      expect(entry.metadata.url).toBe(entry.url);
    }
    // The start page, a directory URL, is index.md inside the folder its pages go to.
    expect(index.find((e) => new URL(e.url).pathname === '/crawl/')?.file).toBe(join(`127.0.0.1_${site.port}`, 'crawl', 'index.md'));
    expect(result.stderr).toMatch(/crawl: \d+\/\d+ pages/);
    expect(result.stderr).toMatch(/^completed: \d+ pages/m);
    // /private/secret and /redirect/301 are on the site but above /crawl/.
    expect(result.stderr).toMatch(
      /^\d+ links on this site lead outside the start path and were not followed; add --entire-domain to crawl them$/m,
    );
  });

  it('records failed pages in index.jsonl with their error', async () => {
    const out = join(dir, 'failed');
    const result = await runCli(['crawl', `${site.url}/documents/encrypted.pdf`, '--out', out]);
    const index = (await readFile(join(out, 'index.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(index).toEqual([
      {
        url: `${site.url}/documents/encrypted.pdf`,
        error: expect.stringContaining('encrypted with a password'),
        code: 'DOCUMENT_UNREADABLE',
      },
    ]);
    expect(result.stderr).toMatch(/^completed: 0 pages, 1 errors/m);
  });

  it('refuses an --out that is a file before fetching anything', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'keep me');
    site.resetRequests();
    const result = await runCli(['crawl', `${site.url}/crawl/`, '--out', file]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`error: --out ${file} is a file: give a directory to write the pages into`);
    expect(site.requests).toEqual([]);
    expect(await readFile(file, 'utf8')).toBe('keep me');
  });

  it('with --store, stops on Ctrl-C with the rest queued, and --resume finishes the crawl', async () => {
    const slow = await startFixtureSite({ crawlDelay: 0.3 });
    try {
      const store = `sqlite:${join(dir, 'resumable.db')}`;
      const out = join(dir, 'resumable');
      const first = await runCli(['crawl', `${slow.url}/crawl/`, '--ignore-sitemap', '--store', store, '--out', out], {
        interruptWhen: FIRST_PAGE_DONE,
      });
      // 130, as a shell reports Ctrl-C: a script can tell a stopped crawl from a finished one.
      expect(first.code).toBe(130);
      expect(first.stderr).toMatch(/^stopped: /m);
      const id = /--resume (\S+)/.exec(first.stderr)?.[1];
      expect(id).toBeDefined();
      // The printed command resumes into the same --out.
      expect(first.stderr).toContain(`trawl crawl ${slow.url}/crawl/ --store ${store} --out ${out} --resume ${id}`);
      const resumed = await runCli(['crawl', `${slow.url}/crawl/`, '--store', store, '--out', out, '--resume', id!], { timeoutMs: 60_000 });
      expect(resumed.stderr).toMatch(/^completed: /m);
      const urls = (await readFile(join(out, 'index.jsonl'), 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).url as string);
      // Every page once, across the two runs: the crawl went on where it stopped.
      expect(new Set(urls).size).toBe(urls.length);
      expect(urls.map((u) => new URL(u).pathname)).toEqual(expect.arrayContaining(['/crawl/', '/crawl/a', '/crawl/c/1/x']));
      const again = await runCli(['crawl', `${slow.url}/crawl/`, '--store', store, '--resume', id!]);
      expect(again.stderr).toContain(`--resume ${id}: that crawl is already completed`);
    } finally {
      await slow.close();
    }
  }, 90_000);

  it('counts --max-depth in link hops', async () => {
    const result = await runCli(['crawl', `${site.url}/crawl/`, '--max-depth', '1', '--ignore-sitemap']);
    const urls = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).metadata.url as string);
    expect(urls.map((u) => new URL(u).pathname).sort()).toEqual(['/crawl/', '/crawl/a', '/crawl/b', '/crawl/c']);
  });

  it('keeps its pages in --store, where `trawl search --provider local` finds them', async () => {
    const store = `sqlite:${join(dir, 'search.db')}`;
    const crawled = await runCli(['crawl', `${site.url}/articles/boilerplate`, '--limit', '1', '--store', store]);
    expect(crawled.code).toBe(0);
    const found = await runCli(['search', 'harbour pilots', '--provider', 'local', '--store', store]);
    expect(found.code).toBe(0);
    expect(found.stdout).toContain(`${site.url}/articles/boilerplate`);
  });

  it('stops cleanly on Ctrl-C, keeping what was written, and exits 130', async () => {
    const slow = await startFixtureSite({ crawlDelay: 0.4 });
    try {
      const out = join(dir, 'interrupted');
      const result = await runCli(['crawl', `${slow.url}/crawl/`, '--ignore-sitemap', '--out', out], { interruptWhen: FIRST_PAGE_DONE });
      expect(result.code).toBe(130);
      expect(result.stderr).toMatch(/^stopped: /m);
      const files = await readdir(out);
      expect(files).toContain('index.jsonl');
    } finally {
      await slow.close();
    }
  });
});

describe('trawl map', () => {
  it('prints one URL per line', async () => {
    const result = await runCli(['map', `${site.url}/crawl/`, '--limit', '6']);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(`${site.url}/crawl/`);
  });

  it('prints the URLs found so far when stopped by Ctrl-C, and exits 130', async () => {
    const slow = await startFixtureSite({ crawlDelay: 0.4 });
    try {
      const pagesFetched = () => slow.requests.filter((request) => request.path.startsWith('/crawl/')).length;
      const result = await runCli(['map', `${slow.url}/crawl/`], { interruptWhen: () => pagesFetched() >= 2 });
      expect(result.code).toBe(130);
      const lines = result.stdout.trim().split('\n');
      expect(lines[0]).toBe(`${slow.url}/crawl/`);
      // The start page's links were found before the stop.
      expect(lines).toEqual(expect.arrayContaining([`${slow.url}/crawl/a`, `${slow.url}/crawl/b`]));
      expect(result.stderr).toMatch(new RegExp(`^stopped: ${lines.length} URLs found so far$`, 'm'));
    } finally {
      await slow.close();
    }
  });
});

describe('fileNameFor', () => {
  it.each([
    ['https://example.com/', 'example.com/index.md'],
    ['https://example.com/docs/', 'example.com/docs/index.md'],
    ['https://example.com/docs/intro.html', 'example.com/docs/intro.md'],
    ['https://example.com/a/b/?page=2', 'example.com/a/b/index_page_2.md'],
    ['http://127.0.0.1:8080/x y/z', '127.0.0.1_8080/x_y/z.md'],
  ])('%s -> %s', (url, file) => {
    expect(fileNameFor(url)).toBe(file);
  });
});
