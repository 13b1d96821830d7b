import { MAX_TIMEOUT_MS } from '@trawl/core/server';
import { z } from 'zod';
import { threatProtectionSchema, toolDetailSchema } from './v2-hosted-fields.js';
import { unusedFields } from './firecrawl-unused-fields.js';
import { hostedOnlyFields, v2ScrapeOptionsSchema } from './v2-scrape.js';

export const V2_SEARCH_MAX_LIMIT = 100;

/** A name or `{type}`, as the SDK accepts both; read as the name. */
const namedEntry = z
  .union([z.string().max(50), z.looseObject({ type: z.string().max(50) })])
  .transform((entry) => (typeof entry === 'string' ? entry : entry.type));

/**
 * A source as the SDK sends it: a name, or `{type, ...options}` (Firecrawl's web source takes
 * `tbs` and `location` there). Read as the name and its options, bounded like the body's own.
 */
const sourceEntry = z
  .union([
    z.string().max(50),
    z.looseObject({ type: z.string().max(50), tbs: z.string().max(200).optional(), location: z.string().max(200).optional() }),
  ])
  .transform((entry) => {
    if (typeof entry === 'string') return { name: entry, options: {} as Record<string, unknown> };
    const { type, ...options } = entry;
    return { name: type, options: options as Record<string, unknown> };
  });
export type SearchSource = z.output<typeof sourceEntry>;

export const SEARCH_CATEGORIES = ['github', 'research', 'pdf'] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

const categorySchema = namedEntry.transform((name, ctx): SearchCategory => {
  if ((SEARCH_CATEGORIES as readonly string[]).includes(name)) return name as SearchCategory;
  const message =
    name === 'developer'
      ? 'the "developer" category is Firecrawl\'s hosted developer index, which Trawl does not provide'
      : `"${name.slice(0, 50)}" is not a search category (known: ${SEARCH_CATEGORIES.join(', ')})`;
  ctx.addIssue({ code: 'custom', message, params: { code: 'unsupported_category' } });
  return z.NEVER;
});

const domainSchema = z.string().regex(/^[a-zA-Z0-9.-]{1,253}$/, 'a domain name such as example.com');

/** `POST /v2/search`. */
export const v2SearchBodySchema = z
  .strictObject({
    query: z.string().trim().min(1).max(2000),
    /** `web`, `news`, `images`; other names (Firecrawl's `alexandria`) are accepted and answered with a warning. */
    sources: z.array(sourceEntry).min(1).max(10).optional(),
    categories: z.array(categorySchema).max(10).optional(),
    includeDomains: z.array(domainSchema).max(50).optional(),
    excludeDomains: z.array(domainSchema).max(50).optional(),
    limit: z.number().int().min(1).max(V2_SEARCH_MAX_LIMIT).default(5),
    tbs: z.string().max(200).optional(),
    location: z.string().max(200).optional(),
    country: z
      .string()
      .regex(/^[a-zA-Z]{2}$/, 'country must be a two-letter country code')
      .optional(),
    timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).default(60_000),
    ignoreInvalidURLs: z.boolean().optional(),
    /** Result language, passed to the provider as v1's `lang` is. */
    lang: z.string().max(20).optional(),
    /** Firecrawl hands it to its search engine; Trawl's providers take no such filter (a warning says so). */
    filter: z.string().max(200).optional(),
    /** Firecrawl's hosted anonymised and zero-data-retention search; changes nothing here (a warning says so). */
    enterprise: z
      .array(z.enum(['default', 'anon', 'zdr']))
      .max(3)
      .optional(),
    /** Firecrawl's hosted highlight generation. */
    highlights: z.boolean().optional(),
    /** Alexandria tools matched to the hits' sites, and how they are described (firecrawl-mcp 3.26 sends both): there are none here. */
    domainTools: z.boolean().optional(),
    toolDetail: toolDetailSchema.optional(),
    threatProtection: threatProtectionSchema.optional(),
    scrapeOptions: v2ScrapeOptionsSchema.optional(),
    ...hostedOnlyFields,
    ...unusedFields('asyncScraping', '__searchPreviewToken', '__agentInterop'),
  })
  .refine((body) => !(body.includeDomains?.length && body.excludeDomains?.length), {
    message: 'includeDomains and excludeDomains cannot both be given',
    path: ['includeDomains'],
  });
export type V2SearchBody = z.output<typeof v2SearchBodySchema>;
