import { brokenMarkupPages } from '../pages/broken-markup.js';
import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

/** The pages of broken markup (pages/broken-markup.ts) under /broken/. */
export function brokenMarkupRoutes(): Route[] {
  return Object.values(brokenMarkupPages).map((page): Route => ({ path: page.path, handle: ({ res }) => sendHtml(res, page.html) }));
}
