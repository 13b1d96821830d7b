import type { IncomingMessage } from 'node:http';
import {
  appShellData,
  appShellPage,
  articleBehind,
  blockPhrases,
  challengePage,
  BLOCK_PAGES,
  CLEARANCE_COOKIE,
  consentWallPage,
  STATIC_BLOCK_PAGES,
} from '../pages/blocks.js';
import { linkList, simplePage } from '../pages/layout.js';
import { redirect, send, sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

/** Whether the request carries the cookie a challenge sets once passed. */
function cleared(req: IncomingMessage): boolean {
  return (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${CLEARANCE_COOKIE}=`));
}

/** The block pages of pages/blocks.ts, and the pages behind the ones a browser gets past. */
export function blockRoutes(): Route[] {
  const routes: Route[] = [
    {
      // A site section that links to every block page and to one real article: a crawl of it must go on past them.
      path: '/blocks/',
      handle: ({ res }) => {
        const links = [...BLOCK_PAGES.map(({ path }) => ({ href: path, text: path })), { href: '/articles/minimal', text: 'A real page' }];
        sendHtml(res, simplePage('Block pages', `<h1>Block pages</h1>\n${linkList(links)}`));
      },
    },
    {
      path: '/blocks/js-challenge',
      handle: ({ req, res }) => {
        if (cleared(req)) return sendHtml(res, articleBehind('Morning fog', blockPhrases.cleared));
        const page = challengePage(false);
        sendHtml(res, page.html, page.status, page.headers);
      },
    },
    {
      path: '/blocks/bot-check',
      handle: ({ req, res }) => {
        if (cleared(req)) return sendHtml(res, articleBehind('Morning fog', blockPhrases.cleared));
        const page = challengePage(true);
        sendHtml(res, page.html, page.status, page.headers);
      },
    },
    { path: '/blocks/consent-wall', handle: ({ res }) => sendHtml(res, consentWallPage()) },
    { path: '/blocks/app-shell', handle: ({ res }) => sendHtml(res, appShellPage('/blocks/app-shell/data.json')) },
    { path: '/blocks/app-shell/data.json', handle: ({ res }) => send(res, 200, 'application/json', JSON.stringify(appShellData())) },
    { path: '/blocks/members-only', handle: ({ res }) => redirect(res, 302, '/blocks/login?next=%2Fblocks%2Fmembers-only') },
  ];
  for (const [path, page] of Object.entries(STATIC_BLOCK_PAGES)) {
    routes.push({ path, handle: ({ res }) => sendHtml(res, page.html, page.status, page.headers) });
  }
  return routes;
}
