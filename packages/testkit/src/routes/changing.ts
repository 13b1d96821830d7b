import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';
import { sendStatusPage } from './status.js';

/** A page a test sets: HTML with a status, or only a status (404, 410). */
export interface ChangingPage {
  status: number;
  html?: string;
}

/** `/changing/<name>`: whatever the test put under that path in `pages` (404 when nothing). */
export function changingRoutes(pages: Map<string, ChangingPage>): Route[] {
  return [
    {
      path: /^\/changing\/[\w-]+$/,
      handle: ({ res, url }) => {
        const page = pages.get(url.pathname);
        if (!page) return sendStatusPage(res, 404);
        if (page.html === undefined) return sendStatusPage(res, page.status);
        sendHtml(res, page.html, page.status);
      },
    },
  ];
}
