/**
 * v2 scrape options, as the 4.x SDK sends them: on `/v2/scrape`, at the top of a batch, and as
 * `scrapeOptions` of crawl, search and extract. Strict: a field Trawl does not know is a 400
 * naming it. Fields that only tune Firecrawl's hosted service are accepted (see HOSTED_ONLY).
 */
import {
  MAX_ACTIONS,
  MAX_PATTERNS,
  MAX_TIMEOUT_MS,
  MAX_WAIT_MS,
  PDF_PAPER_FORMATS,
  requestHeadersSchema,
  screenshotQualitySchema,
  viewportSchema,
} from '@trawl/core/server';
import { z } from 'zod';
import { targetUrlSchema } from './shared.js';
import { UNUSED_JOB_FIELDS, UNUSED_SCRAPE_FIELDS, unusedFields } from './firecrawl-unused-fields.js';
import { hostedScrapeFields, toolDetailSchema } from './v2-hosted-fields.js';
import { v2FormatsSchema } from './v2-formats.js';

/** v2 actions: v1's, with the screenshot's quality and viewport and the `pdf` action of the SDK types. */
export const v2ActionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('wait'),
    milliseconds: z.number().int().min(1).max(MAX_WAIT_MS).optional(),
    selector: z.string().max(1000).optional(),
  }),
  z.strictObject({
    type: z.literal('screenshot'),
    fullPage: z.boolean().optional(),
    quality: screenshotQualitySchema.optional(),
    viewport: viewportSchema.optional(),
  }),
  z.strictObject({ type: z.literal('click'), selector: z.string().max(1000), all: z.boolean().optional() }),
  z.strictObject({ type: z.literal('write'), text: z.string().max(100_000) }),
  z.strictObject({ type: z.literal('press'), key: z.string().max(100) }),
  z.strictObject({
    type: z.literal('scroll'),
    direction: z.enum(['up', 'down']).default('down'),
    selector: z.string().max(1000).optional(),
  }),
  z.strictObject({ type: z.literal('scrape') }),
  z.strictObject({ type: z.literal('executeJavascript'), script: z.string().max(100_000) }),
  z.strictObject({
    type: z.literal('pdf'),
    format: z.enum(PDF_PAPER_FORMATS).optional(),
    landscape: z.boolean().optional(),
    scale: z.number().min(0.1).max(2).optional(),
  }),
]);
export type V2Action = z.output<typeof v2ActionSchema>;

const pdfParserSchema = z.strictObject({
  type: z.literal('pdf'),
  mode: z.enum(['fast', 'auto', 'ocr']).optional(),
  maxPages: z.number().int().min(1).max(10_000).optional(),
  pages: z.boolean().optional(),
  pageMarkdown: z.boolean().optional(),
  blocks: z.boolean().optional(),
  pageMarkers: z.boolean().optional(),
});

/** Fields that tune only Firecrawl's hosted service: accepted, with a warning when set to something that would matter there. */
export const hostedOnlyFields = {
  origin: z.string().max(200).optional(),
  integration: z.string().max(200).nullish(),
  zeroDataRetention: z.boolean().optional(),
  fastMode: z.boolean().optional(),
  lockdown: z.boolean().optional(),
};

export const v2ScrapeOptionsShape = {
  formats: v2FormatsSchema.optional(),
  headers: requestHeadersSchema.optional(),
  includeTags: z.array(z.string().max(1000)).max(MAX_PATTERNS).optional(),
  excludeTags: z.array(z.string().max(1000)).max(MAX_PATTERNS).optional(),
  onlyMainContent: z.boolean().optional(),
  timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).optional(),
  waitFor: z.number().int().min(0).max(MAX_WAIT_MS).optional(),
  mobile: z.boolean().optional(),
  /** Which files are parsed: with "pdf" (the default) PDFs become Markdown, without it they come back as base64; `maxPages`, `pageMarkers`, `pages` tune it. */
  parsers: z
    .array(z.union([z.enum(['pdf', 'image']), pdfParserSchema, z.strictObject({ type: z.literal('image') })]))
    .max(5)
    .optional(),
  actions: z.array(v2ActionSchema).max(MAX_ACTIONS).optional(),
  location: z
    .strictObject({
      // Any case, as the SDK passes it through: `us` and `US` are the same country.
      country: z
        .string()
        .regex(/^[a-zA-Z]{2}$/, 'location.country must be a two-letter country code')
        .transform((code) => code.toUpperCase())
        .optional(),
      languages: z.array(z.string().max(35)).max(20).optional(),
    })
    .optional(),
  skipTlsVerification: z.boolean().optional(),
  removeBase64Images: z.boolean().optional(),
  blockAds: z.boolean().optional(),
  proxy: z.enum(['basic', 'enhanced', 'stealth', 'auto']).optional(),
  /** Firecrawl's shared cache: there is none here, so a fresh page is always fetched. */
  maxAge: z.number().int().min(0).optional(),
  minAge: z.number().int().min(0).optional(),
  storeInCache: z.boolean().optional(),
  ...hostedOnlyFields,
  ...hostedScrapeFields,
  ...unusedFields(...UNUSED_SCRAPE_FIELDS),
};

export const v2ScrapeOptionsSchema = z.strictObject(v2ScrapeOptionsShape);
export type V2ScrapeOptions = z.output<typeof v2ScrapeOptionsSchema>;

/** `POST /v2/scrape`; `toolDetail` (of the tools `domainTools` would match) is the scrape's own, not its options'. */
export const v2ScrapeBodySchema = z.strictObject({
  url: targetUrlSchema,
  ...v2ScrapeOptionsShape,
  toolDetail: toolDetailSchema.optional(),
  ...unusedFields(...UNUSED_JOB_FIELDS),
});
export type V2ScrapeBody = z.output<typeof v2ScrapeBodySchema>;
