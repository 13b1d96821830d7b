import { gzipSync } from 'node:zlib';
import { crawlGraph } from '../crawl-graph.js';
import { send } from '../server/respond.js';
import type { Route } from '../server/router.js';
import { blogPosts } from './site-pages.js';

/** Paths each sitemap lists; sitemap files hold them as absolute URLs on the requested host. */
export const sitemapPaths = {
  index: ['/sitemaps/pages.xml', '/sitemaps/blog.xml.gz'],
  pages: [...Object.keys(crawlGraph).filter((path) => path !== '/crawl/index.html' && path !== '/crawl/blocked'), '/orphan'],
  blog: blogPosts.map((post) => post.path),
  default: ['/', '/articles/boilerplate', '/articles/minimal', '/crawl/', '/orphan'],
};

const LASTMOD = '2024-03-14';

export function robotsTxt(origin: string, crawlDelay?: number): string {
  const lines = ['User-agent: *', 'Disallow: /private/', 'Disallow: /crawl/blocked'];
  if (crawlDelay !== undefined) lines.push(`Crawl-delay: ${crawlDelay}`);
  lines.push('', `Sitemap: ${origin}/sitemap_index.xml`, '');
  return lines.join('\n');
}

export function urlsetXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url>\n    <loc>${origin}${path}</loc>\n    <lastmod>${LASTMOD}</lastmod>\n  </url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapIndexXml(origin: string, paths: readonly string[]): string {
  const entries = paths.map((path) => `  <sitemap>\n    <loc>${origin}${path}</loc>\n    <lastmod>${LASTMOD}</lastmod>\n  </sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

const XML = 'application/xml; charset=utf-8';

export function robotsAndSitemapRoutes(options: { crawlDelay?: number; robotsTxt?: string }): Route[] {
  return [
    {
      path: '/robots.txt',
      handle: ({ res, origin }) => send(res, 200, 'text/plain; charset=utf-8', options.robotsTxt ?? robotsTxt(origin, options.crawlDelay)),
    },
    { path: '/sitemap_index.xml', handle: ({ res, origin }) => send(res, 200, XML, sitemapIndexXml(origin, sitemapPaths.index)) },
    { path: '/sitemaps/pages.xml', handle: ({ res, origin }) => send(res, 200, XML, urlsetXml(origin, sitemapPaths.pages)) },
    {
      // The file itself is gzip (no Content-Encoding), as sitemaps.org allows: clients must gunzip it.
      path: '/sitemaps/blog.xml.gz',
      handle: ({ res, origin }) => send(res, 200, 'application/gzip', gzipSync(urlsetXml(origin, sitemapPaths.blog))),
    },
    { path: '/sitemap.xml', handle: ({ res, origin }) => send(res, 200, XML, urlsetXml(origin, sitemapPaths.default)) },
  ];
}
