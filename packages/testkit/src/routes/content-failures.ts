import { contentFailurePages } from '../pages/content-failures.js';
import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

/** The pages of main-content failure kinds (pages/content-failures.ts) under /content-failures/. */
export function contentFailureRoutes(): Route[] {
  return Object.values(contentFailurePages).map((page): Route => ({ path: page.path, handle: ({ res }) => sendHtml(res, page.html) }));
}
