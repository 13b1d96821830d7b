import {
  faqDetailsHtml,
  headerlessTableHtml,
  mdnCodeHtml,
  printedTableHtml,
  printedTableThenSectionHtml,
  stackExchangeHtml,
} from '../pages/markdown-nits.js';
import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

/** Pages with the markup real sites use that once gave faulty Markdown (pages/markdown-nits.ts). */
export function markdownNitRoutes(): Route[] {
  return [
    { path: '/markdown/mdn-code', handle: ({ res }) => sendHtml(res, mdnCodeHtml()) },
    { path: '/markdown/stack-exchange', handle: ({ res }) => sendHtml(res, stackExchangeHtml()) },
    { path: '/markdown/faq-details', handle: ({ res }) => sendHtml(res, faqDetailsHtml()) },
    { path: '/markdown/headerless-table', handle: ({ res }) => sendHtml(res, headerlessTableHtml()) },
    { path: '/markdown/printed-table', handle: ({ res }) => sendHtml(res, printedTableHtml()) },
    { path: '/markdown/printed-table-then-section', handle: ({ res }) => sendHtml(res, printedTableThenSectionHtml()) },
  ];
}
