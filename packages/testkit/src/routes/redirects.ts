import { phrases } from '../phrases.js';
import { simplePage } from '../pages/layout.js';
import { redirect, sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

const REDIRECT_TARGET = '/articles/minimal';
const MAX_CHAIN = 100;

export function redirectRoutes(): Route[] {
  return [
    {
      path: /^\/redirect\/(301|302|303|307|308)$/,
      handle: ({ res, origin, params }) => redirect(res, Number(params[0]), `${origin}${REDIRECT_TARGET}`),
    },
    {
      path: /^\/redirect\/chain\/(\d+)$/,
      handle: ({ res, origin, params }) => {
        const step = Math.min(Number(params[0]), MAX_CHAIN);
        if (step === 0) {
          sendHtml(res, simplePage(phrases.chainEnd, `<h1>${phrases.chainEnd}</h1>\n<p>The redirect chain stops here.</p>`));
        } else {
          redirect(res, 302, `${origin}/redirect/chain/${step - 1}`);
        }
      },
    },
    { path: '/redirect/loop-a', handle: ({ res, origin }) => redirect(res, 302, `${origin}/redirect/loop-b`) },
    { path: '/redirect/loop-b', handle: ({ res, origin }) => redirect(res, 302, `${origin}/redirect/loop-a`) },
    // Resolves against /redirect/relative to /articles/minimal; naive string joining gets it wrong.
    { path: '/redirect/relative', handle: ({ res }) => redirect(res, 302, `../articles/minimal`) },
    {
      // Arbitrary target, for tests that need a redirect to somewhere specific (another host, a private address...).
      path: '/redirect/to',
      handle: ({ res, url }) => {
        const target = url.searchParams.get('url');
        const status = Number(url.searchParams.get('status') ?? 302);
        if (!target || ![301, 302, 303, 307, 308].includes(status)) {
          sendHtml(res, simplePage('Bad redirect request', '<p>Use /redirect/to?url=TARGET&amp;status=302</p>'), 400);
          return;
        }
        redirect(res, status, target);
      },
    },
  ];
}
