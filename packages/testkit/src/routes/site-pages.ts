import { phrases } from '../phrases.js';
import { linkList, simplePage } from '../pages/layout.js';
import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

export const blogPosts = [1, 2, 3, 4, 5].map((n) => ({
  path: `/blog/${n}`,
  title: `Blog post ${n}`,
  summary: `Notes from the harbour, part ${n}.`,
  pubDate: new Date(Date.UTC(2024, 0, n * 3, 9)).toUTCString(),
}));

const HOME_LINKS = [
  { href: '/articles/boilerplate', text: 'A news article with boilerplate' },
  { href: '/articles/base-href', text: 'A page with a base element' },
  { href: '/articles/minimal', text: 'A minimal page' },
  { href: '/charset/utf8', text: 'Charsets' },
  { href: '/crawl/', text: 'Crawl section' },
  { href: '/blog/1', text: 'Blog' },
  { href: '/js-rendered', text: 'JavaScript-rendered page' },
  { href: '/form', text: 'Search form' },
  { href: '/infinite-scroll', text: 'Infinite scroll' },
  { href: '/tall', text: 'Tall page' },
  { href: '/data.json', text: 'JSON data' },
  { href: '/feed.xml', text: 'RSS feed' },
];

function homeHtml(): string {
  return simplePage(
    'Trawl fixture site',
    `<h1>Trawl fixture site</h1>\n<p>A local site for testing Trawl.</p>\n<nav>\n${linkList(HOME_LINKS)}\n</nav>`,
    '<meta name="description" content="The local fixture web site for Trawl tests.">\n<link rel="icon" href="/favicon.ico">\n',
  );
}

function blogPostHtml(index: number): string {
  const post = blogPosts[index] as (typeof blogPosts)[number];
  const links = [{ href: '/', text: 'Home' }];
  if (index > 0) links.push({ href: blogPosts[index - 1]!.path, text: 'Previous post' });
  if (index < blogPosts.length - 1) links.push({ href: blogPosts[index + 1]!.path, text: 'Next post' });
  return simplePage(post.title, `<article>\n<h1>${post.title}</h1>\n<p>${post.summary}</p>\n</article>\n${linkList(links)}`);
}

export function sitePageRoutes(): Route[] {
  return [
    { path: '/', handle: ({ res }) => sendHtml(res, homeHtml()) },
    ...blogPosts.map(
      (post, index): Route => ({
        path: post.path,
        handle: ({ res }) => sendHtml(res, blogPostHtml(index)),
      }),
    ),
    {
      path: '/orphan',
      handle: ({ res }) =>
        sendHtml(res, simplePage('Orphan page', `<h1>Orphan page</h1>\n<p>${phrases.orphan}; only sitemaps list it.</p>`)),
    },
    {
      path: '/private/secret',
      handle: ({ res }) => sendHtml(res, simplePage('Private', `<h1>Private</h1>\n<p>${phrases.privateSecret}.</p>`)),
    },
  ];
}
