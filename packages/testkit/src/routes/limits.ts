import { gzipSync } from 'node:zlib';
import { escapeHtml, linkList, simplePage } from '../pages/layout.js';
import { send, sendHtml } from '../server/respond.js';
import { queryCount } from '../server/query-count.js';
import type { Route } from '../server/router.js';

/**
 * Hostile pages for the limits tests: links that make a backtracking regex engine take
 * exponential time, and pages with more links than a crawler keeps.
 */
export const limitPages = {
  /** Links to `baitPaths`: under `includePaths: ["(a+)+$"]`, only `matching` passes. */
  backtracking: '/limits/backtracking/',
  baitPaths: {
    /** 40 `a`s then `!`: `(a+)+$` fails only after trying every split of the `a`s (2^40 in a backtracking engine). */
    bait: `/limits/backtracking/${'a'.repeat(40)}!`,
    matching: '/limits/backtracking/aaaa',
    other: '/limits/backtracking/b1',
  },
  /** `?n=N` (default 100, at most 200,000) links to `/limits/link/0` .. `/limits/link/N-1`. */
  manyLinks: '/limits/many-links',
  /** `oversizeRobotsTxt(64 MiB)` as text/plain with `Content-Encoding: gzip` (about 100 KB on the wire). */
  gzipRobotsBomb: '/limits/robots-bomb.txt',
  /** A page whose text repeats the request's `authorization` and `cookie` headers, as a page reflecting them would. */
  echoHeaders: '/limits/echo-headers',
  /** `?n=N&kb=K`: links to N pages `/limits/large/<i>?kb=K` (default 20 pages, at most 20,000) of about K KB of text each (default 180, at most 4096). */
  largePages: '/limits/large/',
  /** `?px=N`: a page N CSS pixels tall (default 100,000, at most 1,000,000), for full-page screenshots. */
  tallPage: '/limits/tall',
};

/** Text the echo page puts before each header it repeats. */
export const ECHO_PREFIX = 'Echoed header';

let bomb: Buffer | undefined;

const MAX_MANY_LINKS = 200_000;
const MAX_LARGE_PAGES = 20_000;
const MAX_LARGE_KB = 4096;

export function limitRoutes(): Route[] {
  return [
    {
      path: limitPages.backtracking,
      handle: ({ res }) => {
        const links = Object.values(limitPages.baitPaths).map((href) => ({ href, text: `Link to ${href.slice(0, 40)}` }));
        sendHtml(res, simplePage('Backtracking bait', `<h1>Backtracking bait</h1>\n${linkList(links)}`));
      },
    },
    {
      path: /^\/limits\/(?:backtracking|link)\/[^/]+$/,
      handle: ({ res, url }) =>
        sendHtml(res, simplePage('Limits target', `<h1>Target</h1>\n<p>${url.pathname.length} characters of path.</p>`)),
    },
    {
      path: limitPages.gzipRobotsBomb,
      handle: ({ res }) => {
        bomb ??= gzipSync(oversizeRobotsTxt(64 * 1024 * 1024), { level: 9 });
        send(res, 200, 'text/plain; charset=utf-8', bomb, { 'content-encoding': 'gzip' });
      },
    },
    {
      path: limitPages.echoHeaders,
      handle: ({ req, res }) => {
        const lines = ['authorization', 'cookie'].map(
          (name) => `<p>${ECHO_PREFIX} ${name}: ${escapeHtml(String(req.headers[name] ?? ''))}</p>`,
        );
        sendHtml(res, simplePage('Header echo', `<h1>Header echo</h1>\n${lines.join('\n')}`));
      },
    },
    {
      path: limitPages.largePages,
      handle: ({ res, url }) => {
        const n = queryCount(url, 'n', 20, MAX_LARGE_PAGES);
        const kb = queryCount(url, 'kb', 180, MAX_LARGE_KB);
        const links = Array.from({ length: n }, (_, i) => ({ href: `${limitPages.largePages}${i}?kb=${kb}`, text: `Large page ${i}` }));
        sendHtml(res, simplePage('Large pages', `<h1>Large pages</h1>\n${linkList(links)}`));
      },
    },
    {
      path: /^\/limits\/large\/(\d+)$/,
      handle: ({ res, url, params }) => sendHtml(res, largePage(Number(params[0]), queryCount(url, 'kb', 180, MAX_LARGE_KB))),
    },
    {
      path: limitPages.tallPage,
      handle: ({ res, url }) => {
        const px = queryCount(url, 'px', 100_000, 1_000_000);
        sendHtml(
          res,
          simplePage(
            'Tall page',
            `<h1>Tall page</h1>\n<div style="height:${px}px;background:linear-gradient(#fff,#9ab)">${px} pixels tall</div>`,
          ),
        );
      },
    },
    {
      path: limitPages.manyLinks,
      handle: ({ res, url }) => {
        const requested = Number(url.searchParams.get('n') ?? 100);
        const n = Number.isSafeInteger(requested) && requested >= 0 ? Math.min(requested, MAX_MANY_LINKS) : 100;
        const anchors = Array.from({ length: n }, (_, i) => `<a href="/limits/link/${i}">${i}</a>`).join('\n');
        sendHtml(res, simplePage('Many links', `<h1>Many links</h1>\n<p>${n} links follow.</p>\n${anchors}`));
      },
    },
  ];
}

/**
 * A robots.txt of about `bytes` bytes: a real group first (`Disallow: /private/`), comment
 * padding, and a `Disallow: /` at the very end that only a reader of the whole file would see.
 */
export function oversizeRobotsTxt(bytes: number): string {
  const head = 'User-agent: *\nDisallow: /private/\n';
  const tail = '\nUser-agent: *\nDisallow: /\n';
  const line = '# padding to make this robots.txt larger than any crawler reads\n';
  const padding = line.repeat(Math.max(0, Math.ceil((bytes - head.length - tail.length) / line.length)));
  return head + padding + tail;
}

/** About `kb` KB of distinct paragraphs: a large page whose Markdown is about as large. */
function largePage(index: number, kb: number): string {
  const paragraphs: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < kb * 1024; i++) {
    const text = `Paragraph ${i} of large page ${index}: the tide tables of harbour ${index} list the flood and the ebb for every day of the year, hour by hour.`;
    paragraphs.push(`<p>${text}</p>`);
    bytes += text.length + 2;
  }
  return simplePage(`Large page ${index}`, `<h1>Large page ${index}</h1>\n${paragraphs.join('\n')}`);
}
