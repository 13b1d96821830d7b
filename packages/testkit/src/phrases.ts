/**
 * Distinctive text on fixture pages, so tests assert on content without copying markup.
 * `articleLead` is in the main content of /articles/boilerplate; nav, footer, cookie, ad,
 * sidebar and share are in the boilerplate around it (gone with main content on, present with it off).
 */
export const phrases = {
  articleLead: 'The quick harbour pilots',
  articleTitle: 'How harbour pilots keep a busy port moving',
  articleHeading: 'Reading a channel that never sits still',
  articleClosing: 'The tide waits for no one, least of all the pilots',
  articleQuote: 'You learn the channel the way you learn a person',
  articleTableCell: 'Container ship',
  articleCodeJs: 'function berthShip',
  articleCodePython: 'def tide_window',
  nav: 'Subscribe today',
  footer: 'All rights reserved',
  cookie: 'We use cookies',
  ad: 'Sponsored content',
  adIframe: 'Buy a bigger boat',
  sidebar: 'Related stories',
  share: 'Share this article',
  skipLink: 'Skip to content',
  minimal: 'A minimal page with one paragraph of plain text and nothing around it.',
  baseHref: 'Links on this page resolve against the base element',
  chainEnd: 'Chain end',
  notFound: 'Page not found',
  flakyRecovered: 'Recovered after failures',
  slow: 'This page took its time',
  neverEnds: 'This page starts but never finishes',
  compressed: 'This page travelled compressed',
  jsRendered: 'This article was rendered by JavaScript',
  noscript: 'Please enable JavaScript',
  formResultPrefix: 'You searched for: ',
  tallTop: 'Top of the tall page',
  tallBottom: 'Bottom of the tall page',
  orphan: 'Nobody links to this orphan page',
  privateSecret: 'Top secret: robots.txt forbids this page',
  crawlBlocked: 'This crawl page is disallowed by robots.txt',
  plainText: 'Plain text from the Trawl fixture site.',
  pdf: 'Trawl fixture PDF document',
} as const;

/** Text each charset page carries, as it reads once correctly decoded. */
export const charsetPhrases = {
  utf8: 'Café, naïve, Müller, 日本語 and 🚀',
  latin1: 'Café crème brûlée',
  shiftJis: '日本語のテキスト',
} as const;
