import { buildHtmlDocument } from '../../../src/content/assembly/build-document.js';
import { resolveScrapeOptions } from '../../../src/options.js';

/** The page's Markdown as a scrape makes it (main content only, the default). */
export function markdownOf(html: string, url = 'https://garden.example/blog/pruning-clematis-by-group'): string {
  return buildHtmlDocument({ html, url, sourceURL: url, statusCode: 200 }, resolveScrapeOptions({ formats: ['markdown'] })).markdown ?? '';
}

/** Two sentences of an article's prose. */
export const PROSE =
  'Clematis fall into three pruning groups, and knowing which one a plant belongs to decides when the shears come out. ' +
  'Group one flowers on old wood in spring, so it is pruned lightly after flowering; group three flowers on new growth and is cut hard in late winter.';

/** A blog post declaring itself a BlogPosting, with a nav and a footer around `body`. */
export function articlePage(body: string): string {
  return `<html><head><title>Pruning clematis</title><script type="application/ld+json">{"@type":"BlogPosting","headline":"Pruning clematis"}</script></head>
<body><nav><a href="/">Home</a><a href="/blog">Blog</a></nav><main><article><h1>Pruning clematis by group</h1>${body}</article></main>
<footer>Copyright the garden</footer></body></html>`;
}
