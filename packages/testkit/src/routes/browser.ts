import { adBannerHtml, formHtml, infiniteScrollHtml, jsRenderedHtml, tallHtml } from '../pages/browser.js';
import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

export function browserRoutes(): Route[] {
  return [
    { path: '/js-rendered', handle: ({ res }) => sendHtml(res, jsRenderedHtml()) },
    { path: '/form', handle: ({ res }) => sendHtml(res, formHtml()) },
    { path: '/infinite-scroll', handle: ({ res }) => sendHtml(res, infiniteScrollHtml()) },
    { path: '/ads/banner', handle: ({ res }) => sendHtml(res, adBannerHtml()) },
    { path: '/tall', handle: ({ res }) => sendHtml(res, tallHtml()) },
  ];
}
