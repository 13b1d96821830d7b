import { pageTypeFixtures } from '../pages/page-types.js';
import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

/** The page type fixtures (a thread, a product, a grid, a listing, a landing page, docs…) under /types/. */
export function pageTypeRoutes(): Route[] {
  return Object.values(pageTypeFixtures).map(
    (fixture): Route => ({ path: fixture.path, handle: ({ res }) => sendHtml(res, fixture.html) }),
  );
}
