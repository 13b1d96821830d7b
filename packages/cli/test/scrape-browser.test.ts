import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { runCli, runInProcess } from './run-cli.js';

let site: FixtureSite;
let dir: string;

beforeAll(async () => {
  site = await startFixtureSite();
  dir = await mkdtemp(join(tmpdir(), 'trawl-cli-'));
});

afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

const trawl = (...args: string[]) => runInProcess(args);

describe('trawl scrape with the browser (local Chromium)', () => {
  it('renders JavaScript pages on its own', async () => {
    const result = await trawl('scrape', `${site.url}/js-rendered`);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(phrases.jsRendered);
  });

  // `pnpm trawl` runs the binary compiled by esbuild (scripts/build-cli.mjs), which may rewrite
  // functions: the in-page rendering wait must survive that, or the CLI prints the page before its
  // scripts have filled it.
  it('waits for a page to render when run as `pnpm trawl` runs it (compiled), with --engine browser too', async () => {
    for (const engine of ['auto', 'browser']) {
      const result = await runCli(['scrape', `${site.url}/js-rendered`, '--engine', engine]);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(phrases.jsRendered);
    }
  });

  it('renders JavaScript pages in a crawl too, as scrape does', async () => {
    const out = join(dir, 'js-crawl');
    const result = await trawl('crawl', `${site.url}/js-rendered`, '--limit', '1', '--ignore-sitemap', '--out', out);
    expect(result.code).toBe(0);
    const [entry] = (await readFile(join(out, 'index.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; warning?: string });
    expect(entry!.warning).toBeUndefined();
    expect(await readFile(join(out, entry!.file), 'utf8')).toContain(phrases.jsRendered);
  });

  it('runs --actions and saves a --full-page-screenshot', async () => {
    const file = join(dir, 'tall.png');
    const actions = JSON.stringify([
      { type: 'scroll', direction: 'down' },
      { type: 'executeJavascript', script: 'return scrollY' },
    ]);
    const result = await trawl('scrape', `${site.url}/tall`, '--actions', actions, '--full-page-screenshot', file, '--json');
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout) as { screenshot: string; actions: { javascriptReturns: Array<{ value: number }> } };
    expect(doc.actions.javascriptReturns[0]!.value).toBeGreaterThan(0);
    expect(doc.screenshot).toMatch(/^data:image\/png;base64,/);

    const saved = await trawl('scrape', `${site.url}/tall`, '--screenshot', file, '--mobile', '--wait-for', '50');
    expect(saved.stderr).toContain(`screenshot saved to ${file}`);
    const png = await readFile(file);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('keeps --engine http away from the browser, and says what is missing', async () => {
    const result = await trawl('scrape', `${site.url}/form`, '--engine', 'http', '--screenshot');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/SCRAPE_ADAPTER_MISSING.*engine "http"/);
  });

  it('rejects --actions that are not actions', async () => {
    const result = await trawl('scrape', `${site.url}/form`, '--actions', '[{"type":"dance"}]');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('--actions must be a JSON array of actions');
  });
});
