import { closeDispatchers, map } from '@trawl/core';
import { rankLinks } from '@trawl/core/server';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('rankLinks (BM25 over URL words and titles)', () => {
  const links = [
    'https://shop.example/',
    'https://shop.example/about',
    'https://shop.example/pricing',
    'https://shop.example/docs/pricing-api/rate-limits',
    'https://shop.example/blog/2024/our-new-pricing',
    'https://shop.example/blog/2024/spring-sale',
  ];

  it('ranks a short path naming the query above long paths that mention it, and drops non-matches', () => {
    expect(rankLinks(links, 'pricing')).toEqual([
      'https://shop.example/pricing',
      'https://shop.example/docs/pricing-api/rate-limits',
      'https://shop.example/blog/2024/our-new-pricing',
    ]);
  });

  it('scores rarer query words higher and sums over words', () => {
    const ranked = rankLinks(links, 'blog pricing');
    expect(ranked[0]).toBe('https://shop.example/blog/2024/our-new-pricing');
    expect(ranked).toContain('https://shop.example/blog/2024/spring-sale');
  });

  it('uses page titles where known, by URL or normalised URL', () => {
    const titles = new Map([['https://shop.example/about', 'About our pricing team']]);
    expect(rankLinks(links, 'team', { titles })).toEqual(['https://shop.example/about']);
    const normalised = new Map([['//shop.example/blog/2024/spring-sale', 'Spring sale: everything half price']]);
    expect(rankLinks(links, 'half', { titles: normalised })).toEqual(['https://shop.example/blog/2024/spring-sale']);
  });

  it('matches plurals, -ing forms, camelCase and prefixes of longer words', () => {
    expect(rankLinks(['https://a.example/prices', 'https://a.example/other'], 'price')).toEqual(['https://a.example/prices']);
    expect(rankLinks(['https://a.example/getStarted'], 'started')).toEqual(['https://a.example/getStarted']);
    expect(rankLinks(['https://a.example/documentation', 'https://a.example/doc'], 'docum')).toEqual(['https://a.example/documentation']);
  });

  it('keeps every link in discovery order for an empty query', () => {
    expect(rankLinks(links, '  ')).toEqual(links);
  });
});

describe("map's search option", () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite();
  });
  afterAll(async () => {
    await site.close();
    await closeDispatchers();
  });

  it('ranks the links it found by the query, titles of fetched pages included', async () => {
    // "gazette" is only in the article's title (The Harbour Gazette), never in a URL.
    const links = await map(`${site.url}/`, { search: 'gazette' });
    expect(links[0]).toBe(`${site.url}/articles/boilerplate`);
    const blog = await map(`${site.url}/`, { search: 'blog', ignoreSitemap: false });
    expect(blog[0]).toMatch(/\/blog\//);
  });
});
