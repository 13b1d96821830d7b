import { describe, expect, it } from 'vitest';
import { TrawlError } from '../../src/errors.js';
import { normalizeUrl, normalizePercentEncoding } from '../../src/url/normalize.js';

describe('normalizeUrl', () => {
  it.each([
    // scheme, host and port
    ['HTTP://Example.COM/a', '//example.com/a'],
    ['https://example.com:443/a', '//example.com/a'],
    ['http://example.com:80/a', '//example.com/a'],
    ['http://example.com:8080/a', '//example.com:8080/a'],
    ['https://www.example.com/a', '//example.com/a'],
    ['http://example.com./a', '//example.com/a'],
    ['http://bücher.example/a', '//xn--bcher-kva.example/a'],
    // fragment
    ['https://example.com/a#section', '//example.com/a'],
    ['https://example.com/#/route', '//example.com/'],
    // index files and trailing slashes
    ['https://example.com', '//example.com/'],
    ['https://example.com/', '//example.com/'],
    ['https://example.com/index.html', '//example.com/'],
    ['https://example.com/index.php', '//example.com/'],
    ['https://example.com/index.htm', '//example.com/'],
    ['https://example.com/docs/', '//example.com/docs'],
    ['https://example.com/docs//', '//example.com/docs'],
    ['https://example.com/docs/index.html', '//example.com/docs'],
    ['https://example.com/docs/INDEX.HTML', '//example.com/docs'],
    ['https://example.com/docs/index.html?x=1', '//example.com/docs?x=1'],
    ['https://example.com/docs/index.html/more', '//example.com/docs/index.html/more'],
    ['https://example.com/my-index.html', '//example.com/my-index.html'],
    // dot segments and percent-encoding
    ['https://example.com/a/./b/../c', '//example.com/a/c'],
    ['https://example.com/%7Euser/%61bc', '//example.com/~user/abc'],
    ['https://example.com/a%2fb', '//example.com/a%2Fb'],
    ['https://example.com/caf%c3%a9', '//example.com/caf%C3%A9'],
    ['https://example.com/café', '//example.com/caf%C3%A9'],
    ['https://example.com/a b', '//example.com/a%20b'],
    ['https://example.com/Case/Sensitive', '//example.com/Case/Sensitive'],
    // query: sorted, tracking dropped, empties dropped
    ['https://example.com/s?b=2&a=1', '//example.com/s?a=1&b=2'],
    ['https://example.com/s?a=2&b=1&a=1', '//example.com/s?a=2&a=1&b=1'],
    ['https://example.com/s?', '//example.com/s'],
    ['https://example.com/s?&&a=1&', '//example.com/s?a=1'],
    ['https://example.com/s?flag&a=1', '//example.com/s?a=1&flag'],
    ['https://example.com/s?q=%7e&Q=x', '//example.com/s?Q=x&q=~'],
    ['https://example.com/s?utm_source=x&utm_medium=email&id=3', '//example.com/s?id=3'],
    ['https://example.com/s?UTM_Campaign=x&fbclid=1&gclid=2&msclkid=3', '//example.com/s'],
    ['https://example.com/?utm_source=x', '//example.com/'],
  ])('%s → %s', (input, key) => {
    expect(normalizeUrl(input)).toBe(key);
  });

  it('drops the whole query with ignoreQueryParameters', () => {
    expect(normalizeUrl('https://example.com/s?page=2&q=x#top', { ignoreQueryParameters: true })).toBe('//example.com/s');
  });

  it('keeps scheme and www apart when deduplicateSimilarURLs is false', () => {
    const options = { deduplicateSimilarURLs: false };
    expect(normalizeUrl('https://www.Example.com:443/docs/index.html#x', options)).toBe('https://www.example.com/docs');
    expect(normalizeUrl('http://example.com/docs/', options)).toBe('http://example.com/docs');
    expect(normalizeUrl('http://example.com/a', options)).not.toBe(normalizeUrl('https://example.com/a', options));
    expect(normalizeUrl('http://example.com/a')).toBe(normalizeUrl('https://www.example.com/a/'));
  });

  it('accepts URL objects', () => {
    expect(normalizeUrl(new URL('https://Example.com/a/'))).toBe('//example.com/a');
  });

  it.each(['not a url', '/relative/path', 'mailto:someone@example.com', 'javascript:void(0)', 'ftp://example.com/file'])(
    'refuses %s with SCRAPE_INVALID_URL',
    (input) => {
      expect(() => normalizeUrl(input)).toThrow(TrawlError);
      try {
        normalizeUrl(input);
      } catch (error) {
        expect((error as TrawlError).code).toBe('SCRAPE_INVALID_URL');
      }
    },
  );

  it('keys every link of a large crawl, one key per page', () => {
    const urls = Array.from({ length: 20_000 }, (_, i) => `https://www.example.com/section-${i % 50}/page-${i}/?utm_source=x&b=${i}&a=1#f`);
    const keys = new Set(urls.map((url) => normalizeUrl(url)));
    expect(keys.size).toBe(20_000);
  });
});

describe('normalizePercentEncoding', () => {
  it.each([
    ['%41%42%43', 'ABC'],
    ['%2d%2E%5f%7E', '-._~'],
    ['%2f%3a%3F', '%2F%3A%3F'],
    ['100%', '100%'],
    ['%zz', '%zz'],
  ])('%s → %s', (input, output) => {
    expect(normalizePercentEncoding(input)).toBe(output);
  });
});
