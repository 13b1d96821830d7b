import { BLOCK_PAGES, pageTypeFixtures, phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyBlockPage } from '../../src/blocks/classify.js';
import { httpFetch } from '../../src/fetch/http-engine.js';
import type { LoadedPage } from '../../src/fetch/types.js';
import { parseHtml } from '../../src/content/dom/parse.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function fetched(path: string): Promise<LoadedPage> {
  return httpFetch(`${site.url}${path}`, {}, { blockPrivateNetworks: false });
}

function verdictOf(page: LoadedPage, sourceURL: string) {
  const html = Buffer.from(page.body).toString('utf8');
  return classifyBlockPage(parseHtml(html), { status: page.status, headers: page.headers, url: page.url, sourceURL });
}

describe('the block-page classifier', () => {
  it.each(BLOCK_PAGES.map((fixture) => [fixture.path, fixture]))('says what %s is, whose, and why', async (path, fixture) => {
    const page = await fetched(path);
    const verdict = verdictOf(page, `${site.url}${path}`);
    expect(verdict).toMatchObject({ kind: fixture.kind, vendor: fixture.vendor });
    expect(verdict!.evidence.length).toBeGreaterThan(0);
  });

  it('names the markers it keyed on', async () => {
    const verdict = verdictOf(await fetched('/blocks/js-challenge'), `${site.url}/blocks/js-challenge`);
    expect(verdict!.evidence).toEqual(
      expect.arrayContaining([
        'header cf-mitigated: challenge',
        'title "Just a moment..."',
        'script _cf_chl_opt',
        'element #challenge-running',
      ]),
    );
  });

  const realPages = [
    '/articles/boilerplate',
    '/articles/minimal',
    '/form',
    '/status/404',
    '/status/403',
    '/status/503',
    ...Object.values(pageTypeFixtures).map((fixture) => fixture.path),
  ];
  it.each(realPages)('lets the real page %s through', async (path) => {
    const page = await fetched(path);
    expect(verdictOf(page, `${site.url}${path}`)).toBeUndefined();
  });

  it('never fires on a story about a block page: its text is its own', () => {
    const paragraphs = Array.from(
      { length: 12 },
      (_, i) =>
        `<p>Paragraph ${i}: Cloudflare shows "Just a moment..." and "Checking if the site connection is secure" while its challenge runs; Akamai answers "Access Denied" with a Reference #18.2d351ab8.1700000000.1a2b3c4, and PerimeterX asks to Press &amp; Hold to confirm you are a human.</p>`,
    ).join('');
    const html = `<html><head><title>Just a moment... How anti-bot walls work</title><script>window._cf_chl_opt={}</script></head><body><article><h1>How walls work</h1>${paragraphs}<div id="px-captcha"></div><div class="g-recaptcha"></div></article></body></html>`;
    const verdict = classifyBlockPage(parseHtml(html), {
      status: 200,
      headers: { server: 'cloudflare' },
      url: 'https://news.example/walls',
      sourceURL: 'https://news.example/walls',
    });
    expect(verdict).toBeUndefined();
  });

  it('reads an HTTP 429 as a rate limit whatever it says', () => {
    const html = `<html><body><article>${'<p>Plenty of text. </p>'.repeat(300)}</article></body></html>`;
    const verdict = classifyBlockPage(parseHtml(html), {
      status: 429,
      headers: {},
      url: 'https://a.example/',
      sourceURL: 'https://a.example/',
    });
    expect(verdict).toEqual({ kind: 'rate-limit', vendor: 'generic', evidence: ['status 429'] });
  });

  it('judges an app shell by its main region, not by the text of its header and footer', async () => {
    const page = await fetched('/blocks/app-shell');
    expect(Buffer.from(page.body).toString('utf8').length).toBeGreaterThan(2_000);
    expect(verdictOf(page, `${site.url}/blocks/app-shell`)!.evidence).toEqual(
      expect.arrayContaining(['#root says "Loading…"', 'noscript "You need to enable JavaScript to run this app."']),
    );
  });

  it("calls the fixture site's client-rendered page an app shell, as HTTP reads it", async () => {
    expect(verdictOf(await fetched('/js-rendered'), `${site.url}/js-rendered`)).toMatchObject({ kind: 'app-shell' });
  });

  it('does not call a page whose noscript holds its content an app shell', () => {
    const posts = '<p>A post with enough words in it to be read by a client without JavaScript, as forum software serves it.</p>'.repeat(5);
    const html = `<html><body><div id="app"><p>Loading...</p><noscript>${posts}</noscript></div><script src="/app.js"></script></body></html>`;
    expect(
      classifyBlockPage(parseHtml(html), { status: 200, headers: {}, url: 'https://f.example/d/1', sourceURL: 'https://f.example/d/1' }),
    ).toBeUndefined();
  });

  it('keeps the article fixture phrases out of every block page', async () => {
    for (const { path } of BLOCK_PAGES) {
      const page = await fetched(path);
      expect(Buffer.from(page.body).toString('utf8')).not.toContain(phrases.articleLead);
    }
  });
});
