/**
 * The /crawl/ section: path of each HTML page -> every href on it, in page order, exactly as
 * written (decoded from HTML). Pages ignore their query string, so /crawl/b?page=2 is /crawl/b.
 * Depth from /crawl/: a, b, c = 1; a/1, a/2, b/1, b/2, c/1 = 2; a/1/x, a/1/y, a/2/x, b/1/x, c/1/x = 3.
 */
const ROOT_LINKS = [
  '/crawl/a',
  '/crawl/b',
  '/crawl/c',
  '/crawl/index.html',
  '/crawl/a?utm_source=x',
  '/crawl/b#details',
  '/crawl/blocked',
  '/private/secret',
  'https://example.com/',
  '/crawl/missing',
  '/redirect/301',
  '/crawl/redirected',
];

export const crawlGraph: Record<string, string[]> = {
  '/crawl/': ROOT_LINKS,
  '/crawl/index.html': ROOT_LINKS,
  '/crawl/a': ['/crawl/', '/crawl/a/1', '/crawl/a/2', '/crawl/b?page=2', '/crawl/a/1?utm_source=x&utm_medium=email'],
  '/crawl/a/1': ['/crawl/a', '/crawl/a/1/x', '/crawl/a/1/y', '/crawl/a/1#top'],
  '/crawl/a/1/x': ['/crawl/a/1', '/crawl/'],
  '/crawl/a/1/y': ['/crawl/a/1', '/private/secret'],
  '/crawl/a/2': ['/crawl/a', '/crawl/a/2/x'],
  '/crawl/a/2/x': ['/crawl/a/2', '/crawl/a/1/x'],
  '/crawl/b': ['/crawl/', '/crawl/b/1', '/crawl/b/2', '/crawl/b?page=2'],
  '/crawl/b/1': ['/crawl/b', '/crawl/b/1/x'],
  '/crawl/b/1/x': ['/crawl/b/1', '/crawl/?utm_source=x'],
  '/crawl/b/2': ['/crawl/b', '/crawl/c/1'],
  '/crawl/c': ['/crawl/', '/crawl/c/1'],
  '/crawl/c/1': ['/crawl/c', '/crawl/c/1/x'],
  '/crawl/c/1/x': ['/crawl/c/1'],
  '/crawl/blocked': ['/crawl/'],
};

/** Links in /crawl/ that answer with a redirect: path -> where it leads. */
export const crawlRedirects: Record<string, string> = {
  '/crawl/redirected': '/crawl/b',
  '/redirect/301': '/articles/minimal',
};
