import type { ServerResponse } from 'node:http';
import { phrases } from '../phrases.js';
import { simplePage } from '../pages/layout.js';
import { HTML, sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

const DEFAULT_SLOW_MS = 2000;
const DEFAULT_LARGE_KB = 5000;

/** One kilobyte of markup exactly: large pages are made of these. */
const KILOBYTE_BLOCK = (() => {
  const open = '<p>';
  const close = '</p>\n';
  const filler = 'Ballast block of the large fixture page, repeated to reach the requested size. ';
  const room = 1024 - open.length - close.length;
  return open + filler.repeat(Math.ceil(room / filler.length)).slice(0, room) + close;
})();

function numberParam(url: URL, name: string, fallback: number): number {
  const value = Number(url.searchParams.get(name));
  return url.searchParams.has(name) && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** Writes `blocks` kilobyte blocks, waiting for the socket to drain so memory stays flat. */
async function writeBlocks(res: ServerResponse, blocks: number): Promise<void> {
  for (let i = 0; i < blocks; i++) {
    if (res.destroyed) return;
    if (!res.write(KILOBYTE_BLOCK)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
}

export function timingRoutes(): Route[] {
  return [
    {
      path: '/slow',
      handle: ({ res, url }) => {
        const ms = numberParam(url, 'ms', DEFAULT_SLOW_MS);
        const timer = setTimeout(() => {
          sendHtml(res, simplePage('Slow page', `<h1>Slow page</h1>\n<p>${phrases.slow}: ${ms} ms.</p>`));
        }, ms);
        res.on('close', () => clearTimeout(timer));
      },
    },
    // Never answers; the socket stays open until the client gives up or the site closes.
    { path: '/hang', handle: () => undefined },
    {
      path: '/never-ends',
      handle: ({ res }) => {
        res.writeHead(200, { 'content-type': HTML });
        res.write(
          `<!doctype html>\n<html lang="en">\n<head><title>Never ends</title></head>\n<body>\n<h1>Never ends</h1>\n<p>${phrases.neverEnds}.</p>\n`,
        );
      },
    },
    {
      path: '/large',
      handle: async ({ res, url }) => {
        const kb = Math.floor(numberParam(url, 'kb', DEFAULT_LARGE_KB));
        res.writeHead(200, { 'content-type': HTML });
        res.write(
          `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Large page (${kb} KB)</title></head>\n<body>\n<h1>Large page</h1>\n`,
        );
        await writeBlocks(res, kb);
        if (!res.destroyed) res.end('</body>\n</html>\n');
      },
    },
  ];
}
