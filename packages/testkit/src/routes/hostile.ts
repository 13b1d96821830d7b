import { manyShortLinksPage, nestedTagsPage, unclosedAnchorsPage, type NestedTag } from '../pages/hostile.js';
import { HTML, send, sendHtml } from '../server/respond.js';
import { queryCount } from '../server/query-count.js';
import type { Route } from '../server/router.js';

/** The hostile pages of the conversion limits: deep nesting, unclosed anchors, a million links. */
export const hostilePages = {
  /** `/limits/nested/{div,span,b,table}?depth=N` (default 3,000, at most 100,000). */
  nested: (tag: NestedTag, depth?: number) => `/limits/nested/${tag}${depth === undefined ? '' : `?depth=${depth}`}`,
  /** `?n=N` unclosed anchors (default 200,000, at most 1,000,000; a million is over the engine's body cap). */
  unclosedAnchors: '/limits/unclosed-anchors',
  /** 1,000,000 distinct links, about 19 MB. */
  millionLinks: '/limits/million-links',
};

const MAX_DEPTH = 100_000;
const MAX_ANCHORS = 1_000_000;
let millionLinks: Buffer | undefined;

export function hostileRoutes(): Route[] {
  return [
    {
      path: /^\/limits\/nested\/(div|span|b|table)$/,
      handle: ({ res, url, params }) => sendHtml(res, nestedTagsPage(params[0] as NestedTag, queryCount(url, 'depth', 3000, MAX_DEPTH))),
    },
    {
      path: hostilePages.unclosedAnchors,
      handle: ({ res, url }) => sendHtml(res, unclosedAnchorsPage(queryCount(url, 'n', 200_000, MAX_ANCHORS))),
    },
    {
      path: hostilePages.millionLinks,
      handle: ({ res }) => {
        millionLinks ??= Buffer.from(manyShortLinksPage(1_000_000));
        send(res, 200, HTML, millionLinks);
      },
    },
  ];
}
