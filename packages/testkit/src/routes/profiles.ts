import { profileFixtures } from '../pages/profiles.js';
import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

/** The page-profile fixtures (product, menu, media, branding) under /profiles/. */
export function profileRoutes(): Route[] {
  return Object.values(profileFixtures).map((fixture): Route => ({ path: fixture.path, handle: ({ res }) => sendHtml(res, fixture.html) }));
}
