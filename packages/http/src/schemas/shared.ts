import { MAX_PATTERNS, parseTypedUrl, refineTotalWait, refineWaitForWithinTimeout, userRegexProblem } from '@trawl/core/server';
import { scrapeOptionsSchema } from '@trawl/core';
import { z } from 'zod';
import { UNUSED_SCRAPE_FIELDS, unusedFields } from './firecrawl-unused-fields.js';
import { auditMetadataSchema, threatProtectionSchema } from './v2-hosted-fields.js';

/** Fields the official SDKs add to every body (`origin: "js-sdk@1.x"`, an integration name). */
export const clientFields = {
  origin: z.string().optional(),
  integration: z.string().nullish(),
};

/**
 * A target URL as Firecrawl takes it: a missing scheme means `http://` (core's parseTypedUrl,
 * which the CLI uses too). Only http(s) URLs pass; whether the address may be fetched is the
 * SSRF policy's call, at fetch time.
 */
export function normalizeTargetUrl(input: string): string {
  return parseTypedUrl(input).href;
}

export const targetUrlSchema = z.string().transform((value, ctx) => {
  try {
    return normalizeTargetUrl(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : 'Invalid URL' });
    return z.NEVER;
  }
});

/**
 * Firecrawl v1 scrape fields core does not take: the page memory's (maxAge, storeInCache,
 * zeroDataRetention, read by planV1Tracked), and what only Firecrawl's hosted service uses
 * (answered with a warning, see hostedOnlyWarnings). (`parsePDF` is core's.)
 */
const ignoredScrapeFields = {
  maxAge: z.number().int().min(0).optional(),
  storeInCache: z.boolean().optional(),
  zeroDataRetention: z.boolean().optional(),
  auditMetadata: auditMetadataSchema.optional(),
  threatProtection: threatProtectionSchema.optional(),
  fastMode: z.boolean().optional(),
  useMock: z.string().max(200).optional(),
  // Firecrawl's v1 options have no engine picker.
  ...unusedFields('__experimental_cache', ...UNUSED_SCRAPE_FIELDS.filter((name) => name !== '__experimental_engpicker')),
};
const IGNORED_SCRAPE_FIELDS = Object.keys(ignoredScrapeFields) as Array<keyof typeof ignoredScrapeFields>;

/**
 * v1 scrape options, strict: an unknown key is a 400, as Firecrawl's v1 answers (core's
 * `screenshotOptions`, `images`, `attributes`, `pdfOptions`, `profiles`, `question` and `highlightsQuery` are v2's, set from its
 * format objects, so v1 refuses them). Without the
 * rules across fields (zod cannot extend a refined object): every body that takes them adds
 * `refineV1Waits`, or uses `v1PageOptionsSchema`.
 */
export const v1ScrapeOptionsSchema = scrapeOptionsSchema
  .omit({
    screenshotOptions: true,
    images: true,
    attributes: true,
    pdfOptions: true,
    profiles: true,
    question: true,
    highlightsQuery: true,
  })
  .extend({
    ...ignoredScrapeFields,
    /** `enhanced` is Firecrawl's later name for `stealth`. */
    proxy: z.enum(['basic', 'enhanced', 'stealth', 'auto']).optional(),
    /** The deprecated name of `location`. */
    geolocation: scrapeOptionsSchema.shape.location,
  })
  .strict();
export type V1ScrapeOptions = z.output<typeof v1ScrapeOptionsSchema>;

/** Firecrawl's v1 rules on waiting: waitFor at most half of timeout, and 60 s of waits in all. */
export function refineV1Waits(options: Pick<V1ScrapeOptions, 'waitFor' | 'timeout' | 'actions'>, ctx: z.RefinementCtx): void {
  refineWaitForWithinTimeout(options, ctx);
  refineTotalWait(options, ctx);
}

/** `scrapeOptions` of crawl and extract: the v1 scrape options with their rules. */
export const v1PageOptionsSchema = v1ScrapeOptionsSchema.superRefine(refineV1Waits);

type CoreProxy = 'basic' | 'stealth' | 'auto';

/** The options in core's words: the ignored fields dropped, `geolocation` read as `location`, `enhanced` as `stealth`. */
export function coreScrapeOptions<T extends Partial<V1ScrapeOptions>>(
  options: T,
): Omit<T, keyof typeof ignoredScrapeFields | 'geolocation' | 'proxy'> & { proxy?: CoreProxy } {
  const { geolocation, proxy, ...rest } = options;
  const kept: Record<string, unknown> = { ...rest };
  for (const name of IGNORED_SCRAPE_FIELDS) delete kept[name];
  if (kept.location === undefined && geolocation) kept.location = geolocation;
  if (proxy) kept.proxy = proxy === 'enhanced' ? 'stealth' : proxy;
  return kept as Omit<T, keyof typeof ignoredScrapeFields | 'geolocation' | 'proxy'> & { proxy?: CoreProxy };
}

/** Include/exclude pattern lists: at most MAX_PATTERNS strings. */
export const patternListSchema = z.array(z.string()).max(MAX_PATTERNS);

/**
 * Regular expressions given as strings (includePaths, excludePaths) must compile on RE2, the
 * linear-time engine that matches them (no backreferences or lookaround), within the length cap.
 */
export function refineRegexList(list: string[] | undefined, key: string, ctx: z.RefinementCtx): void {
  list?.forEach((pattern, index) => {
    const problem = userRegexProblem(pattern);
    if (typeof problem === 'string') ctx.addIssue({ code: 'custom', path: [key, index], message: `${key}[${index}] ${problem}` });
  });
}
