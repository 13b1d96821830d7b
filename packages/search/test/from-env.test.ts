import { describe, expect, it } from 'vitest';
import { chooseProvider, searchFromEnv } from '../src/index.js';

describe('chooseProvider', () => {
  it('defaults to DuckDuckGo when nothing is configured', () => {
    expect(chooseProvider({})).toBe('duckduckgo');
  });

  it('picks the first configured of SearXNG, Brave and Serper', () => {
    expect(chooseProvider({ SERPER_API_KEY: 's', BRAVE_API_KEY: 'b', SEARXNG_ENDPOINT: 'http://searx' })).toBe('searxng');
    expect(chooseProvider({ SERPER_API_KEY: 's', BRAVE_API_KEY: 'b' })).toBe('brave');
    expect(chooseProvider({ SERPER_API_KEY: 's' })).toBe('serper');
  });

  it('obeys TRAWL_SEARCH_PROVIDER, and a forced name over it', () => {
    expect(chooseProvider({ TRAWL_SEARCH_PROVIDER: 'Serper', SEARXNG_ENDPOINT: 'http://searx' })).toBe('serper');
    expect(chooseProvider({ TRAWL_SEARCH_PROVIDER: 'serper' }, 'local')).toBe('local');
    expect(() => chooseProvider({ TRAWL_SEARCH_PROVIDER: 'google' })).toThrow(
      'TRAWL_SEARCH_PROVIDER must be searxng, brave, serper, duckduckgo or local, not "google"',
    );
  });
});

describe('searchFromEnv', () => {
  it('builds the chosen provider and says which setting a forced one lacks', () => {
    expect(searchFromEnv({}).name).toBe('duckduckgo');
    expect(searchFromEnv({ BRAVE_API_KEY: 'k' }).name).toBe('brave');
    expect(() => searchFromEnv({ TRAWL_SEARCH_PROVIDER: 'brave' })).toThrow('The brave search provider needs BRAVE_API_KEY');
    expect(() => searchFromEnv({}, { provider: 'searxng' })).toThrow('The searxng search provider needs SEARXNG_ENDPOINT');
  });
});
