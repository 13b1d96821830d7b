import { phrases } from '../phrases.js';
import { simplePage } from './layout.js';

/** What the links and images of /articles/base-href resolve to under `<base href="/docs/guide/">`. */
export const baseHrefArticle = {
  path: '/articles/base-href',
  baseHref: '/docs/guide/',
  links: [
    { href: 'intro', resolvesTo: '/docs/guide/intro' },
    { href: '../api', resolvesTo: '/docs/api' },
    { href: './setup/install', resolvesTo: '/docs/guide/setup/install' },
    { href: '/articles/minimal', resolvesTo: '/articles/minimal' },
  ],
  images: [{ src: 'figure.png', resolvesTo: '/docs/guide/figure.png' }],
} as const;

export function baseHrefHtml(): string {
  const links = baseHrefArticle.links.map(({ href }) => `<li><a href="${href}">${href}</a></li>`).join('\n');
  const images = baseHrefArticle.images.map(({ src }) => `<img src="${src}" alt="Guide figure">`).join('\n');
  return simplePage(
    'Documentation guide',
    `<main>
<article>
<h1>Documentation guide</h1>
<p>${phrases.baseHref} (<code>${baseHrefArticle.baseHref}</code>), not against this page's own address.</p>
<ul>
${links}
</ul>
${images}
</article>
</main>`,
    `<base href="${baseHrefArticle.baseHref}">\n`,
  );
}

export function minimalHtml(): string {
  return `<!doctype html>
<html>
<head><meta charset="utf-8"><title>Minimal page</title></head>
<body>
<p>${phrases.minimal}</p>
</body>
</html>
`;
}

/** Small pages the article's navigation points at, so its links lead somewhere real. */
export const infoPages: Record<string, { title: string; text: string }> = {
  '/about': { title: 'About us', text: 'The Harbour Gazette has covered the port since 1921.' },
  '/subscribe': { title: 'Subscribe', text: 'Subscriptions start at one coin a week.' },
  '/privacy': { title: 'Privacy policy', text: 'We keep as little about you as we can.' },
  '/terms': { title: 'Terms of use', text: 'Be kind to the pilots.' },
  '/contact': { title: 'Contact', text: 'Write to the newsroom at the harbour office.' },
};

export function infoPageHtml(title: string, text: string): string {
  return simplePage(title, `<h1>${title}</h1>\n<p>${text}</p>\n<p><a href="/">Home</a></p>`);
}

/**
 * A short notice whose `<main>` holds the site's section menu: a page main-content extraction
 * reads as its region, where the `region-boilerplate` step removes the menu (the explain trace's
 * test page).
 */
export const navInMainArticle = {
  path: '/articles/nav-in-main',
  menu: ['Tide tables', 'Pilot roster', 'Berth bookings', 'Harbour map'],
  notice: 'The east pier is closed for repairs until Friday; pilots board from the west steps meanwhile.',
} as const;

export function navInMainHtml(): string {
  const a = navInMainArticle;
  const menu = a.menu.map((text, i) => `<li><a href="/section/${i}">${text}</a></li>`).join('\n');
  return simplePage('Pier notice', `<main>\n<nav>\n<ul>\n${menu}\n</ul>\n</nav>\n<h1>Pier notice</h1>\n<p>${a.notice}</p>\n</main>`);
}
