import { describe, expect, it } from 'vitest';
import { braveParams, duckDuckGoForm, duckDuckGoRegion, parseTbs, searxngParams, serperBody } from '../src/index.js';

const NOW = new Date(Date.UTC(2025, 5, 15, 12));

describe('parseTbs', () => {
  it('reads past ranges with and without a count', () => {
    expect(parseTbs('qdr:d')).toEqual({ kind: 'past', unit: 'day', count: 1 });
    expect(parseTbs('qdr:h')).toEqual({ kind: 'past', unit: 'hour', count: 1 });
    expect(parseTbs('sbd:1,qdr:w2')).toEqual({ kind: 'past', unit: 'week', count: 2 });
  });

  it('reads custom date ranges written M/D/YYYY', () => {
    expect(parseTbs('cdr:1,cd_min:1/5/2024,cd_max:12/31/2024')).toEqual({
      kind: 'between',
      from: new Date(Date.UTC(2024, 0, 5)),
      to: new Date(Date.UTC(2024, 11, 31)),
    });
  });

  it('ignores what it does not know', () => {
    expect(parseTbs(undefined)).toBeUndefined();
    expect(parseTbs('')).toBeUndefined();
    expect(parseTbs('qdr:x')).toBeUndefined();
    expect(parseTbs('cdr:1,cd_min:yesterday')).toBeUndefined();
  });
});

describe('what each provider is sent', () => {
  it('SearXNG: language with region, time_range widened to day/week/month/year, no location', () => {
    expect(searxngParams('tide tables', { limit: 5, lang: 'en', country: 'gb', tbs: 'qdr:h', location: 'Leith' }, 2)).toEqual({
      q: 'tide tables',
      format: 'json',
      pageno: '2',
      language: 'en-GB',
      time_range: 'day',
    });
    expect(searxngParams('q', { limit: 5, tbs: 'qdr:d3' }, 1).time_range).toBe('week');
    expect(searxngParams('q', { limit: 5, tbs: 'qdr:m' }, 1).time_range).toBe('month');
    expect(searxngParams('q', { limit: 5, tbs: 'cdr:1,cd_min:1/1/2024,cd_max:2/1/2024' }, 1)).not.toHaveProperty('time_range');
    expect(searxngParams('q', { limit: 5, lang: 'de' }, 1, { engines: 'brave,bing', categories: 'news' })).toMatchObject({
      language: 'de',
      engines: 'brave,bing',
      categories: 'news',
    });
  });

  it('Brave: search_lang, upper-case country, freshness keywords or a date range, count capped at 20', () => {
    expect(braveParams('q', { limit: 50, lang: 'EN', country: 'us', tbs: 'qdr:w' }, NOW)).toEqual({
      q: 'q',
      count: '20',
      search_lang: 'en',
      country: 'US',
      freshness: 'pw',
    });
    expect(braveParams('q', { limit: 5, tbs: 'qdr:h' }, NOW).freshness).toBe('pd');
    expect(braveParams('q', { limit: 5, tbs: 'qdr:d3' }, NOW).freshness).toBe('2025-06-12to2025-06-15');
    expect(braveParams('q', { limit: 5, tbs: 'cdr:1,cd_min:1/5/2024,cd_max:2/1/2024' }, NOW).freshness).toBe('2024-01-05to2024-02-01');
    expect(braveParams('q', { limit: 5, location: 'Paris' }, NOW)).toEqual({ q: 'q', count: '5' });
  });

  it('Serper: every option passes through as Google spells it', () => {
    expect(serperBody('q', { limit: 7, lang: 'FR', country: 'FR', location: 'Lyon, France', tbs: 'qdr:m' })).toEqual({
      q: 'q',
      num: 7,
      hl: 'fr',
      gl: 'fr',
      location: 'Lyon, France',
      tbs: 'qdr:m',
    });
  });

  it('DuckDuckGo: region kl from country and language, df from tbs', () => {
    expect(duckDuckGoForm('q', { limit: 5, lang: 'en', country: 'us', tbs: 'qdr:y' })).toEqual({ q: 'q', b: '', kl: 'us-en', df: 'y' });
    expect(duckDuckGoRegion('GB', 'en')).toBe('uk-en');
    expect(duckDuckGoRegion('de', undefined)).toBe('de-de');
    expect(duckDuckGoRegion(undefined, 'en')).toBe('wt-wt');
    expect(duckDuckGoForm('q', { limit: 5, tbs: 'cdr:1,cd_min:1/1/2024' })).not.toHaveProperty('df');
  });
});
