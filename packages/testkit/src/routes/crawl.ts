import { crawlGraph } from '../crawl-graph.js';
import { phrases } from '../phrases.js';
import { escapeHtml, linkList, simplePage } from '../pages/layout.js';
import { redirect, sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

function crawlPageHtml(path: string, links: string[]): string {
  const title = `Crawl page ${path}`;
  const intro =
    path === '/crawl/blocked'
      ? `<p>${phrases.crawlBlocked}.</p>`
      : `<p>This is the crawl fixture page at <code>${escapeHtml(path)}</code>.</p>`;
  // An element with id="top" on every page, so the #top fragment link points somewhere real.
  return simplePage(
    title,
    `<h1 id="top">${escapeHtml(title)}</h1>\n${intro}\n<section id="details">\n${linkList(links.map((href) => ({ href, text: href })))}\n</section>`,
  );
}

export function crawlRoutes(): Route[] {
  return [
    ...Object.entries(crawlGraph).map(
      ([path, links]): Route => ({
        path,
        // /crawl/index.html is byte-for-byte the /crawl/ page, as on a static file server.
        handle: ({ res }) => sendHtml(res, crawlPageHtml(path === '/crawl/index.html' ? '/crawl/' : path, links)),
      }),
    ),
    { path: '/crawl', handle: ({ res, origin }) => redirect(res, 301, `${origin}/crawl/`) },
    { path: '/crawl/redirected', handle: ({ res, origin }) => redirect(res, 301, `${origin}/crawl/b`) },
  ];
}
