import { baseHrefHtml, infoPageHtml, infoPages, minimalHtml, navInMainHtml } from '../pages/articles.js';
import { boilerplateArticleHtml } from '../pages/article-boilerplate.js';
import { escapeHtml, simplePage } from '../pages/layout.js';
import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

export function articleRoutes(): Route[] {
  return [
    { path: '/articles/boilerplate', handle: ({ res, origin }) => sendHtml(res, boilerplateArticleHtml(origin)) },
    { path: '/articles/base-href', handle: ({ res }) => sendHtml(res, baseHrefHtml()) },
    { path: '/articles/minimal', handle: ({ res }) => sendHtml(res, minimalHtml()) },
    { path: '/articles/nav-in-main', handle: ({ res }) => sendHtml(res, navInMainHtml()) },
    ...Object.entries(infoPages).map(
      ([path, { title, text }]): Route => ({
        path,
        handle: ({ res }) => sendHtml(res, infoPageHtml(title, text)),
      }),
    ),
    {
      // Targets of the links on /articles/base-href; image names are left to the image route.
      path: /^\/docs\/(?!.*\.(?:png|jpe?g)$)(.+)$/,
      handle: ({ res, url }) => {
        const title = `Docs: ${url.pathname}`;
        sendHtml(res, simplePage(title, `<h1>${escapeHtml(title)}</h1>\n<p><a href="/articles/base-href">Back to the guide</a></p>`));
      },
    },
  ];
}
