import { syntheticPageHtml } from './page.js';
import type { SyntheticSiteOptions } from './graph.js';

/** The script every app-shell page loads: it renders the page's content from the JSON the page carries. */
export const APP_SHELL_SCRIPT_PATH = '/app.js';

/**
 * Renders the content before the `load` event (a deferred script runs before DOMContentLoaded),
 * as a single-page app with its state inlined does; so a crawler reading the DOM at `load` sees it.
 */
export const APP_SHELL_SCRIPT = `document.getElementById('root').innerHTML = JSON.parse(document.getElementById('page-data').textContent).html;\n`;

const MAIN = /<main>\n([\s\S]*)<\/main>/;

/**
 * Page `index` as a client-rendered app: the same header, footer and content as
 * syntheticPageHtml, but the content (links included) travels as JSON and reaches the DOM only
 * when APP_SHELL_SCRIPT runs. Over HTTP the page is an empty `#root`: it needs a browser.
 */
export function syntheticAppShellHtml(index: number, options: SyntheticSiteOptions): string {
  const page = syntheticPageHtml(index, options);
  const content = MAIN.exec(page)?.[1] ?? '';
  // `</` cannot end the script element early once escaped; JSON.parse reads `<\/` as `</`.
  const data = JSON.stringify({ html: content }).replace(/<\//g, '<\\/');
  return page
    .replace(MAIN, '<main><div id="root"></div></main>')
    .replace(
      '</body>',
      `<script type="application/json" id="page-data">${data}</script>\n<script src="${APP_SHELL_SCRIPT_PATH}" defer></script>\n</body>`,
    );
}

/** Whether page `index` is an app shell when one page in `every` is (pages 2, 5, 8… for 3; never "/"). */
export function isAppShellPage(index: number, every: number | undefined): boolean {
  return every !== undefined && every > 0 && index % every === every - 1;
}
