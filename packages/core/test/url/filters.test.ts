import { describe, expect, it } from 'vitest';
import { TrawlError } from '../../src/errors.js';
import { pathDepth } from '../../src/url/depth.js';
import { createLinkFilter, type LinkContext, type LinkFilterOptions } from '../../src/url/filters.js';
import { registrableDomain } from '../../src/url/site.js';

const START = 'https://example.com/blog/';
const link: LinkContext = { depth: 1 };

function verdict(options: Partial<LinkFilterOptions>, url: string, context: LinkContext = link) {
  const result = createLinkFilter({ startUrl: START, ...options })(url, context);
  return result.allowed ? 'allowed' : result.reason;
}

describe('createLinkFilter', () => {
  it.each<[string, Partial<LinkFilterOptions>, string, string, LinkContext?]>([
    // schemes and parse errors
    ['mailto', {}, 'mailto:someone@example.com', 'unsupported-scheme'],
    ['javascript', {}, 'javascript:void(0)', 'unsupported-scheme'],
    ['tel', {}, 'tel:+123', 'unsupported-scheme'],
    ['relative', {}, '/blog/post', 'invalid-url'],
    ['broken host', {}, 'http://exa mple.com/blog/x', 'invalid-url'],
    // file extensions (PDF, DOCX and XML kept)
    ['png', {}, 'https://example.com/blog/photo.PNG', 'file-extension'],
    ['css', {}, 'https://example.com/blog/site.css?v=3', 'file-extension'],
    ['woff2', {}, 'https://example.com/blog/font.woff2', 'file-extension'],
    ['pdf kept', {}, 'https://example.com/blog/paper.pdf', 'allowed'],
    ['docx kept', {}, 'https://example.com/blog/paper.docx', 'allowed'],
    ['xml kept', {}, 'https://example.com/blog/feed.xml', 'allowed'],
    ['custom list', { skippedFileExtensions: ['.pdf'] }, 'https://example.com/blog/paper.pdf', 'file-extension'],
    // internal / external / subdomains
    ['www is internal', {}, 'https://www.example.com/blog/a', 'allowed'],
    ['http is internal', {}, 'http://example.com/blog/a', 'allowed'],
    ['other port is internal', {}, 'https://example.com:8443/blog/a', 'allowed'],
    ['external', {}, 'https://other.org/blog/a', 'external'],
    ['subdomain without allowSubdomains', {}, 'https://docs.example.com/x', 'external'],
    ['subdomain with allowSubdomains', { allowSubdomains: true }, 'https://docs.example.com/x', 'allowed'],
    [
      'parent domain from a subdomain start',
      { allowSubdomains: true, startUrl: 'https://docs.example.com/' },
      'https://example.com/x',
      'allowed',
    ],
    [
      'public suffix is not a shared site',
      { allowSubdomains: true, startUrl: 'https://alice.github.io/' },
      'https://bob.github.io/',
      'external',
    ],
    ['co.uk is a suffix', { allowSubdomains: true, startUrl: 'https://shop.example.co.uk/' }, 'https://blog.example.co.uk/', 'allowed'],
    ['co.uk other site', { allowSubdomains: true, startUrl: 'https://example.co.uk/' }, 'https://other.co.uk/', 'external'],
    ['external allowed', { allowExternalContentLinks: true }, 'https://other.org/blog/a', 'allowed'],
    ['external skips backward check', { allowExternalContentLinks: true }, 'https://other.org/elsewhere', 'allowed'],
    ['social media never', { allowExternalContentLinks: true }, 'https://www.facebook.com/page', 'social-media'],
    ['social subdomain', { allowExternalContentLinks: true }, 'https://gist.github.com/x', 'social-media'],
    [
      'external from external page',
      { allowExternalContentLinks: true },
      'https://third.net/',
      'external',
      { depth: 2, parentUrl: 'https://other.org/a' },
    ],
    [
      'external from internal page',
      { allowExternalContentLinks: true },
      'https://third.net/',
      'allowed',
      { depth: 2, parentUrl: 'https://www.example.com/blog/' },
    ],
    // discovery depth (link hops)
    ['hops within limit', { maxDiscoveryDepth: 2 }, 'https://example.com/blog/a', 'allowed', { depth: 2 }],
    ['hops beyond limit', { maxDiscoveryDepth: 2 }, 'https://example.com/blog/a', 'max-discovery-depth', { depth: 3 }],
    ['zero hops: only the start page', { maxDiscoveryDepth: 0 }, 'https://example.com/blog/a', 'max-discovery-depth', { depth: 1 }],
    ['sitemap URLs count as depth 0', { maxDiscoveryDepth: 0 }, 'https://example.com/blog/a', 'allowed', { depth: 0, source: 'sitemap' }],
    // path depth (Firecrawl maxDepth)
    ['path depth at limit', { maxDepth: 2 }, 'https://example.com/blog/post', 'allowed'],
    ['path depth beyond limit', { maxDepth: 2 }, 'https://example.com/blog/post/comments', 'max-depth'],
    ['index file not counted', { maxDepth: 2 }, 'https://example.com/blog/post/index.html', 'allowed'],
    ['trailing slash not counted', { maxDepth: 2 }, 'https://example.com/blog/post/', 'allowed'],
    [
      'sitemap budget adds start depth',
      { maxDepth: 2 },
      'https://example.com/blog/post/comments',
      'allowed',
      { depth: 0, source: 'sitemap' },
    ],
    ['sitemap budget is still a budget', { maxDepth: 2 }, 'https://example.com/blog/a/b/c', 'max-depth', { depth: 0, source: 'sitemap' }],
    // backward
    ['under start path', {}, 'https://example.com/blog/2024/post', 'allowed'],
    ['start path itself without slash', {}, 'https://example.com/blog', 'allowed'],
    ['sibling section', {}, 'https://example.com/about', 'backward'],
    ['string prefix is not a path prefix', {}, 'https://example.com/blogroll', 'backward'],
    ['root', {}, 'https://example.com/', 'backward'],
    ['backward allowed', { allowBackwardCrawling: true }, 'https://example.com/about', 'allowed'],
    ['start at root covers all', { startUrl: 'https://example.com' }, 'https://example.com/anything/deep', 'allowed'],
    ['start at index file', { startUrl: 'https://example.com/docs/index.html' }, 'https://example.com/docs/guide', 'allowed'],
    ['start at a page', { startUrl: 'https://example.com/docs/intro' }, 'https://example.com/docs/other', 'backward'],
    // v1 regexes on the path
    ['regex exclude', { excludePaths: ['^/blog/drafts'] }, 'https://example.com/blog/drafts/x', 'excluded'],
    ['regex exclude unanchored', { excludePaths: ['drafts'] }, 'https://example.com/blog/old-drafts', 'excluded'],
    ['regex include match', { includePaths: ['^/blog/\\d{4}/'] }, 'https://example.com/blog/2024/post', 'allowed'],
    ['regex include miss', { includePaths: ['^/blog/\\d{4}/'] }, 'https://example.com/blog/about', 'not-included'],
    ['exclude beats include', { includePaths: ['/blog/'], excludePaths: ['secret'] }, 'https://example.com/blog/secret', 'excluded'],
    ['query invisible on path', { excludePaths: ['page=2'] }, 'https://example.com/blog/?page=2', 'allowed'],
    ['query visible on full URL', { excludePaths: ['page=2'], regexOnFullURL: true }, 'https://example.com/blog/?page=2', 'excluded'],
    [
      'full URL host match',
      { includePaths: ['^https://example\\.com/blog/'], regexOnFullURL: true },
      'https://example.com/blog/a',
      'allowed',
    ],
    ['regex is case-sensitive', { excludePaths: ['^/blog/Drafts'] }, 'https://example.com/blog/drafts', 'allowed'],
    // v0 globs on the path
    ['glob include', { includes: ['/blog/**'] }, 'https://example.com/blog/a/b', 'allowed'],
    ['glob include unanchored pattern', { includes: ['blog/*'] }, 'https://example.com/blog/a', 'allowed'],
    ['glob single star stays in a segment', { includes: ['blog/*'] }, 'https://example.com/blog/a/b', 'not-included'],
    ['glob directory matches its own pattern', { includes: ['/blog/**'] }, 'https://example.com/blog', 'allowed'],
    ['glob exclude', { excludes: ['**/*.pdf'] }, 'https://example.com/blog/x/paper.pdf', 'excluded'],
    ['glob mixed with regex', { includes: ['/blog/news/**'], includePaths: ['^/blog/2024'] }, 'https://example.com/blog/2024/x', 'allowed'],
  ])('%s', (_name, options, url, expected, context) => {
    expect(verdict(options, url, context ?? link)).toBe(expected);
  });

  it('explains each rejection', () => {
    const filter = createLinkFilter({ startUrl: START, excludePaths: ['^/blog/drafts'] });
    expect(filter('https://example.com/blog/drafts/1', link)).toEqual({
      allowed: false,
      reason: 'excluded',
      detail: 'matches exclude pattern ^/blog/drafts',
    });
  });

  it('rejects an invalid regular expression with INVALID_OPTIONS naming the field', () => {
    const attempt = () => createLinkFilter({ startUrl: START, includePaths: ['^/ok', '(unclosed'] });
    expect(attempt).toThrow(TrawlError);
    expect(attempt).toThrow(/includePaths\[1\].*"\(unclosed"/);
    try {
      attempt();
    } catch (error) {
      expect((error as TrawlError).code).toBe('INVALID_OPTIONS');
      expect((error as TrawlError).status).toBe(400);
    }
  });

  it('rejects an empty glob and a start URL deeper than maxDepth', () => {
    expect(() => createLinkFilter({ startUrl: START, excludes: [''] })).toThrow(/excludes\[0\]/);
    expect(() => createLinkFilter({ startUrl: 'https://example.com/a/b/c', maxDepth: 2 })).toThrow(/depth \(3\) exceeds maxDepth \(2\)/);
    expect(() => createLinkFilter({ startUrl: 'ftp://example.com/' })).toThrow(TrawlError);
  });
});

describe('pathDepth', () => {
  it.each([
    ['https://example.com', 0],
    ['https://example.com/', 0],
    ['https://example.com/index.html', 0],
    ['https://example.com/blog', 1],
    ['https://example.com/blog/', 1],
    ['https://example.com/blog/index.php', 1],
    ['https://example.com/blog//post?x=/a/b', 2],
  ])('%s → %i', (url, depth) => {
    expect(pathDepth(url)).toBe(depth);
  });
});

describe('registrableDomain', () => {
  it.each([
    ['www.example.com', 'example.com'],
    ['a.b.example.co.uk', 'example.co.uk'],
    ['alice.github.io', 'alice.github.io'],
    ['127.0.0.1', '127.0.0.1'],
    ['localhost', 'localhost'],
  ])('%s → %s', (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });
});
