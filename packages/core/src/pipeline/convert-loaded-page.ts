import { sharedConvertPool } from '../convert/convert-pool.js';
import { convertDocumentPage, documentFormatOf } from '../documents/convert-document-page.js';
import type { LoadedPage } from '../fetch/types.js';
import type { ResolvedScrapeOptions } from '../options.js';
import type { Runtime } from '../runtime/runtime.js';
import { convertPage, withEngineExtras, type PageConversion } from './to-document.js';

/**
 * convertPage off the caller's thread: in the runtime's pool (default: the process's shared pool),
 * as its team's page, or in the calling thread when its pool is false. `signal` gives up on a page
 * still waiting or converting.
 * The page's body is given up to the conversion: callers do not read it afterwards.
 */
export async function convertLoadedPage(
  page: LoadedPage,
  sourceURL: string,
  options: ResolvedScrapeOptions,
  withPageLinks: boolean,
  { convertPool: pool, teamId }: Pick<Runtime, 'convertPool' | 'teamId'>,
  signal?: AbortSignal,
): Promise<PageConversion> {
  if (pool === false) {
    const format = documentFormatOf(page);
    // In the calling thread no deadline ends a long document, so its reading gets the request's time.
    if (format) return withEngineExtras(page, await convertDocumentPage(page, format, sourceURL, options, withPageLinks, options.timeout));
    return convertPage(page, sourceURL, options, withPageLinks);
  }
  // The loaded page is this conversion's alone: its body moves to the thread instead of being copied.
  return withEngineExtras(
    page,
    await (pool ?? sharedConvertPool()).convert(page, sourceURL, options, withPageLinks, signal, { moveBody: true, teamId }),
  );
}
