import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { navInMainArticle, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

let site: FixtureSite;
let dir: string;
beforeAll(async () => {
  site = await startFixtureSite();
  dir = await mkdtemp(join(tmpdir(), 'trawl-explain-'));
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

/** The table row of the step that removes the page's menu: its <nav>, <ul>, four <li> and four <a>. */
const MENU_REMOVED = /^region-boilerplate +region +\d+ -> \d+ +10 +0 /m;

function expectTheNotice(markdown: string): void {
  expect(markdown).toContain(navInMainArticle.notice);
  for (const item of navInMainArticle.menu) expect(markdown).not.toContain(item);
}

describe('--explain', () => {
  it('trawl convert prints the Markdown on stdout and the steps that ran as a table on stderr', async () => {
    const file = join(dir, 'notice.html');
    await writeFile(file, await (await fetch(`${site.url}${navInMainArticle.path}`)).text());
    const result = await runCli(['convert', file, '--url', `${site.url}${navInMainArticle.path}`, '--explain']);
    expect(result.code).toBe(0);
    expectTheNotice(result.stdout);
    expect(result.stdout).not.toContain('region-boilerplate');
    expect(result.stderr).toMatch(/^step +phase +elements +removed +added +changed +characters +note$/m);
    expect(result.stderr).toMatch(MENU_REMOVED);
    expect(result.stderr).toMatch(/^reading +decision .* the region \(a short page\)$/m);
  });

  it('trawl scrape prints the same table', async () => {
    const result = await runCli(['scrape', `${site.url}${navInMainArticle.path}`, '--explain']);
    expect(result.code).toBe(0);
    expectTheNotice(result.stdout);
    expect(result.stderr).toMatch(MENU_REMOVED);
  });

  it('trawl scrape --json puts the trace in the Document', async () => {
    const json = await runCli(['scrape', `${site.url}${navInMainArticle.path}`, '--explain', '--json']);
    const doc = JSON.parse(json.stdout);
    expectTheNotice(doc.markdown);
    expect(doc.explain).toContainEqual(expect.objectContaining({ name: 'region-boilerplate', phase: 'region', removed: 10 }));
    // The raw HTML the trace was made from is not printed unless asked for.
    expect(doc.rawHtml).toBeUndefined();
  });
});
