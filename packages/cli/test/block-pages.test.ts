import { blockPhrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

describe('trawl scrape of a block page', () => {
  it('fails with the block page code, what it was and what was tried, printing nothing', async () => {
    const result = await runCli(['scrape', `${site.url}/blocks/akamai`, '--engine', 'http']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error \[SCRAPE_BLOCKED_BY_SITE\]: .*an access-denied page \(akamai\).*Tried: HTTP\./m);
  });

  it('says a soft 404 is no page', async () => {
    const result = await runCli(['scrape', `${site.url}/blocks/gone-astray`, '--engine', 'http']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error \[SCRAPE_PAGE_NOT_FOUND\]: /m);
  });

  it('prints the block page with --keep-block-page, marked in --json, and still exits 1', async () => {
    const result = await runCli(['scrape', `${site.url}/blocks/js-challenge`, '--engine', 'http', '--keep-block-page', '--json']);
    expect(result.code).toBe(1);
    const doc = JSON.parse(result.stdout);
    expect(doc.markdown).toContain(blockPhrases.challenge);
    expect(doc.metadata).toMatchObject({ blockPage: 'challenge', blockPageVendor: 'cloudflare' });
    expect(result.stderr).toMatch(/stayed a block page \(challenge, cloudflare\)/);
  });
});
