import { gzipSync } from 'node:zlib';
import { linkList, simplePage } from '../pages/layout.js';
import { send, sendHtml } from '../server/respond.js';
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
};

let bomb: Buffer | undefined;

const MAX_MANY_LINKS = 200_000;

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
