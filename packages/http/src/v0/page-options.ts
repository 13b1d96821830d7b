import { withV0Extractor } from '@trawl/core/server';
import type { CrawlOptionsInput, Format, ScrapeOptionsInput } from '@trawl/core';
import type { V0CrawlerOptions, V0ExtractorOptions, V0PageOptions } from '../schemas/v0.js';

/**
 * v0 `pageOptions` as v1 scrape options; `extractorOptions` in an LLM mode adds the `json`
 * format. Markdown is always produced: it is v0's `content`.
 */
export function v0ToScrapeOptions(
  page: V0PageOptions,
  extra: { extractor?: V0ExtractorOptions; timeout?: number; generateImgAltText?: boolean } = {},
): ScrapeOptionsInput {
  const formats: Format[] = ['markdown'];
  if (page.includeHtml) formats.push('html');
  if (page.includeRawHtml) formats.push('rawHtml');
  if (page.fullPageScreenshot) formats.push('screenshot@fullPage');
  else if (page.screenshot) formats.push('screenshot');
  const options: ScrapeOptionsInput = {
    formats,
    onlyMainContent: page.onlyMainContent,
    ...(page.onlyIncludeTags?.length ? { includeTags: page.onlyIncludeTags } : {}),
    ...(page.removeTags?.length ? { excludeTags: page.removeTags } : {}),
    ...(page.headers ? { headers: page.headers } : {}),
    waitFor: page.waitFor,
    ...(extra.timeout === undefined ? {} : { timeout: extra.timeout }),
    ...(extra.generateImgAltText ? { generateImgAltText: true } : {}),
  };
  return withV0Extractor(options, extra.extractor);
}

/** v0 `crawlerOptions` as core crawl rules (v0 includes/excludes are globs). */
export function v0ToCrawlRules(options: V0CrawlerOptions): CrawlOptionsInput {
  return {
    limit: options.limit,
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
    ...(options.includes?.length ? { includes: options.includes } : {}),
    ...(options.excludes?.length ? { excludes: options.excludes } : {}),
    allowBackwardCrawling: options.allowBackwardCrawling,
    allowExternalContentLinks: options.allowExternalContentLinks,
    ignoreSitemap: options.ignoreSitemap,
    returnOnlyUrls: options.returnOnlyUrls,
  };
}
