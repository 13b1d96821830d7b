import { z } from 'zod';
import { TrawlError } from '../../errors.js';
import { MAX_TIMEOUT_MS } from '../../limits.js';
import { resolveScrapeOptions, type ScrapeOptionsInput } from '../../options.js';
import { isUrlPattern, patternBase } from './url-patterns.js';
import { typedTargetUrl } from '../../url/typed-url.js';

/** Pages read at most by one extract job unless `limit` says otherwise. */
export const EXTRACT_DEFAULT_PAGE_LIMIT = 10;
export const EXTRACT_MAX_PAGE_LIMIT = 100;

/** The body of `POST /v1/extract` (E4) as core runs it. */
export const extractRequestSchema = z
  .object({
    /** Pages, or globs of pages (see url-patterns.ts). */
    urls: z.array(z.string()).default([]),
    prompt: z.string().optional(),
    systemPrompt: z.string().optional(),
    schema: z.record(z.string(), z.unknown()).optional(),
    /** Also read pages a web search finds for the prompt (needs a search provider). */
    enableWebSearch: z.boolean().default(false),
    ignoreSitemap: z.boolean().default(false),
    includeSubdomains: z.boolean().default(true),
    /** Accepted for compatibility: pages named in `urls` and search hits may already be on any site. */
    allowExternalLinks: z.boolean().default(false),
    /** Name, in the result, the pages each field came from. */
    showSources: z.boolean().default(false),
    /** Pages read at most, best matches first. */
    limit: z.number().int().positive().max(EXTRACT_MAX_PAGE_LIMIT).default(EXTRACT_DEFAULT_PAGE_LIMIT),
    /** Milliseconds the whole job may take (default: no limit; at most MAX_TIMEOUT_MS, as the API's). */
    timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).optional(),
    /** Options of every page scrape (checked as scrape options; the model always reads Markdown). */
    scrapeOptions: z.custom<ScrapeOptionsInput>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)).optional(),
  })
  .refine((r) => r.urls.length > 0 || r.prompt !== undefined, { message: "Either 'urls' or 'prompt' must be provided." });

export type ExtractRequestInput = z.input<typeof extractRequestSchema>;
export type ExtractRequest = z.output<typeof extractRequestSchema>;

/**
 * Validates and applies defaults; every URL or pattern must be usable (a page URL without a
 * scheme is read as `http://`, as scrape() reads it). Throws INVALID_OPTIONS.
 */
export function resolveExtractRequest(input: ExtractRequestInput): ExtractRequest {
  const parsed = extractRequestSchema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ');
    throw new TrawlError('INVALID_OPTIONS', `Invalid extract request: ${details}`);
  }
  if (parsed.data.scrapeOptions) resolveScrapeOptions(parsed.data.scrapeOptions);
  const urls = parsed.data.urls.map((url) => {
    if (!isUrlPattern(url)) return typedTargetUrl(url);
    patternBase(url);
    return url;
  });
  return { ...parsed.data, urls };
}
