import { favicon } from '../assets/favicon.js';
import { tinyJpeg } from '../assets/jpeg.js';
import { singlePagePdf } from '../assets/pdf.js';
import { gradientPng, smallPng } from '../assets/png.js';
import { phrases } from '../phrases.js';
import { send } from '../server/respond.js';
import type { Route } from '../server/router.js';
import { blogPosts } from './site-pages.js';

export const fixtureJson = {
  name: 'Trawl fixture',
  items: [1, 2, 3],
  nested: { ok: true, label: 'Ünïcödé survives JSON' },
} as const;

const pdf = singlePagePdf(phrases.pdf);
const logoPng = gradientPng(40);

function feedXml(origin: string): string {
  const items = blogPosts
    .map(
      (post) => `    <item>
      <title>${post.title}</title>
      <link>${origin}${post.path}</link>
      <guid>${origin}${post.path}</guid>
      <pubDate>${post.pubDate}</pubDate>
      <description>${post.summary}</description>
    </item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Trawl fixture blog</title>
    <link>${origin}/</link>
    <description>Posts from the fixture site.</description>
${items}
  </channel>
</rss>
`;
}

export function nonHtmlRoutes(): Route[] {
  return [
    { path: '/data.json', handle: ({ res }) => send(res, 200, 'application/json', JSON.stringify(fixtureJson)) },
    {
      path: '/plain.txt',
      handle: ({ res }) => send(res, 200, 'text/plain; charset=utf-8', `${phrases.plainText}\nA second line, with ünïcödé.\n`),
    },
    { path: '/image.png', handle: ({ res }) => send(res, 200, 'image/png', smallPng) },
    { path: '/favicon.ico', handle: ({ res }) => send(res, 200, 'image/x-icon', favicon) },
    { path: '/document.pdf', handle: ({ res }) => send(res, 200, 'application/pdf', pdf) },
    { path: '/feed.xml', handle: ({ res, origin }) => send(res, 200, 'application/rss+xml; charset=utf-8', feedXml(origin)) },
    {
      // Every image an HTML page references: .png names get a PNG, .jpg names a JPEG.
      path: /^\/(?:img|docs)\/.+\.(png|jpe?g)$/,
      handle: ({ res, url, params }) => {
        if (params[0] === 'png') send(res, 200, 'image/png', url.pathname === '/img/logo.png' ? logoPng : smallPng);
        else send(res, 200, 'image/jpeg', tinyJpeg);
      },
    },
  ];
}
