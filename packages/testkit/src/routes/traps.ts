import {
  TRAP_SITE_BLOG_PAGES,
  TRAP_SITE_POSTS,
  TRAP_SITE_PRODUCTS,
  trapAboutHtml,
  trapBlogPageHtml,
  trapCalendarHtml,
  trapDocsHtml,
  trapHomeHtml,
  trapPostHtml,
  trapProductHtml,
  trapShopHtml,
} from '../pages/traps.js';
import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';
import { sendNotFound } from './status.js';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The crawl-trap section (pages/traps.ts). */
export function trapRoutes(): Route[] {
  return [
    { path: '/traps/', handle: ({ res }) => sendHtml(res, trapHomeHtml()) },
    { path: '/traps/about', handle: ({ res }) => sendHtml(res, trapAboutHtml()) },
    {
      path: '/traps/blog/',
      handle: ({ res, url }) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        if (!Number.isInteger(page) || page < 1 || page > TRAP_SITE_BLOG_PAGES) return sendNotFound(res);
        sendHtml(res, trapBlogPageHtml(page));
      },
    },
    {
      path: /^\/traps\/blog\/([a-z-]+)$/,
      handle: ({ res, params }) => (TRAP_SITE_POSTS.includes(params[0]!) ? sendHtml(res, trapPostHtml(params[0]!)) : sendNotFound(res)),
    },
    {
      path: '/traps/calendar',
      handle: ({ res, url }) => {
        const month = url.searchParams.get('month') ?? '';
        if (!MONTH.test(month)) return sendNotFound(res);
        sendHtml(res, trapCalendarHtml(month));
      },
    },
    {
      path: '/traps/shop',
      handle: ({ res, url }) =>
        sendHtml(res, trapShopHtml(url.searchParams.get('sort') ?? 'name', url.searchParams.get('order') ?? 'asc', url.href)),
    },
    {
      path: /^\/traps\/shop\/([a-z-]+)$/,
      handle: ({ res, params }) =>
        TRAP_SITE_PRODUCTS.includes(params[0]!) ? sendHtml(res, trapProductHtml(params[0]!)) : sendNotFound(res),
    },
    { path: /^\/traps\/((?:docs\/)+)$/, handle: ({ res, params }) => sendHtml(res, trapDocsHtml(params[0]!.split('/').length - 1)) },
  ];
}
