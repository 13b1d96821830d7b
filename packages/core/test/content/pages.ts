/** Inline pages for the content tests: small, but shaped like the real thing. */

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the story about lighthouse keepers, who trimmed wicks, logged the weather and kept ` +
  `the lamp turning through the longest winter nights, long before automation reached the coast.</p>`;

export const ARTICLE_TEXT = 'Paragraph 1 of the story about lighthouse keepers';

/** A news article wrapped in navigation, a sidebar, ads, a cookie banner, share buttons and a footer. */
export function newsPage(article = [1, 2, 3, 4, 5].map(paragraph).join('\n')): string {
  return `<!doctype html>
<html lang="en"><head><title>Keepers</title><script>var tracking = 1;</script><style>p{}</style></head>
<body>
<a href="#main" class="skip-link">Skip to content</a>
<div id="cookie-banner" class="cookie-banner"><p>We use cookies for everything</p><button>Accept</button></div>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/sections">Sections menu</a></li></ul></nav></header>
<div class="ad-slot"><span>Advertisement</span><iframe src="https://ads.doubleclick.net/slot"></iframe></div>
<main id="main"><article>
<h1>Keepers of the light</h1>
${article}
</article>
<div class="share"><a href="https://twitter.com/share">Share on Twitter</a></div>
</main>
<aside class="sidebar"><h2>Sidebar picks</h2><ul><li><a href="/other">Another story</a></li></ul></aside>
<footer><p>Footer: all rights reserved</p></footer>
<noscript>Please enable JavaScript</noscript>
</body></html>`;
}

export const BOILERPLATE = {
  cookie: 'We use cookies for everything',
  nav: 'Sections menu',
  ad: 'Advertisement',
  share: 'Share on Twitter',
  sidebar: 'Sidebar picks',
  footer: 'Footer: all rights reserved',
  skip: 'Skip to content',
  noscript: 'Please enable JavaScript',
};
