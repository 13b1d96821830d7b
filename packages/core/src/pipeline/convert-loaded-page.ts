import { convertDocumentPage, documentFormatOf } from '../documents/convert-document-page.js';
import type { LoadedPage } from '../ports/loaded-page.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { Runtime } from '../runtime/types.js';
import { convertPage, withEngineExtras, type PageConversion } from './to-document.js';

/**
 * convertPage off the caller's thread: in the runtime's converter (default: the default runtime's pool),
 * as its team's page, or in the calling thread when its pool is false. `signal` gives up on a page
 * still waiting or converting; a crawl names its `linkTemplates` scope (link-template-scopes.ts).
 * The page's body is given up to the conversion: callers do not read it afterwards.
 */
export async function convertLoadedPage(
  page: LoadedPage,
  sourceURL: string,
  options: ResolvedScrapeOptions,
  withPageLinks: boolean,
  runtime: Pick<Runtime, 'converter' | 'teamId'>,
  signal?: AbortSignal,
  linkTemplates?: string,
): Promise<PageConversion> {
  const pool = runtime.converter();
  if (pool === false) {
    const format = documentFormatOf(page);
    // In the calling thread no deadline ends a long document, so its reading gets the request's time.
    if (format) return withEngineExtras(page, await convertDocumentPage(page, format, sourceURL, options, withPageLinks, options.timeout));
    return convertPage(page, sourceURL, options, withPageLinks, linkTemplates);
  }
  // The loaded page is this conversion's alone: its body moves to the thread instead of being copied.
  return withEngineExtras(
    page,
    await pool.convert(page, sourceURL, options, withPageLinks, signal, { moveBody: true, teamId: runtime.teamId, linkTemplates }),
  );
}
