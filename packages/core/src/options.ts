import { z } from 'zod';
import {
  FORBIDDEN_REQUEST_HEADERS,
  MAX_ACTIONS,
  MAX_ATTRIBUTE_NAME_LENGTH,
  MAX_ATTRIBUTE_SELECTORS,
  MAX_HEADER_NAME_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_HEADERS,
  MAX_HEADERS_BYTES,
  MAX_QUERY_CHARS,
  MAX_SELECTOR_LENGTH,
  MAX_TIMEOUT_MS,
  MAX_VIEWPORT_SIDE,
  MAX_WAIT_MS,
} from './limits.js';
import { invalidOptions } from './options-error.js';
import { PAGE_PROFILES } from './page-profiles.js';
import { selectorProblem } from './selectors/selector-problem.js';
import { refineTotalWait } from './wait-rules.js';

export const formatSchema = z.enum(['markdown', 'html', 'rawHtml', 'links', 'screenshot', 'screenshot@fullPage', 'json']);
export type Format = z.infer<typeof formatSchema>;

/** RFC 9110 field names are tokens; values are visible ASCII, Latin-1, spaces and tabs, never CR, LF or NUL. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const FORBIDDEN = new Set<string>(FORBIDDEN_REQUEST_HEADERS);

/**
 * Headers a scrape sends (cookies, user agent…): checked here so a bad one is the caller's 400,
 * not a failed request to the site.
 */
export const requestHeadersSchema = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS)
    ctx.addIssue({ code: 'custom', message: `at most ${MAX_HEADERS} headers are accepted, got ${entries.length}` });
  let bytes = 0;
  for (const [name, value] of entries) {
    bytes += name.length + value.length + 4;
    const shown = JSON.stringify(name.slice(0, 40));
    if (name.length > MAX_HEADER_NAME_LENGTH || !HEADER_NAME.test(name)) {
      ctx.addIssue({
        code: 'custom',
        path: [name.slice(0, 40)],
        message: `${shown} is not a valid header name (letters, digits and !#$%&'*+.^_\`|~-, at most ${MAX_HEADER_NAME_LENGTH})`,
      });
    } else if (FORBIDDEN.has(name.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `the ${shown} header is set by the HTTP client from the request itself; a scrape cannot send it (leave it out)`,
      });
    } else if (value.length > MAX_HEADER_VALUE_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `the ${shown} header is ${value.length} characters long; at most ${MAX_HEADER_VALUE_LENGTH} are accepted`,
      });
    } else if (!HEADER_VALUE.test(value)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `the ${shown} header holds a line break or another character a header cannot carry`,
      });
    }
  }
  if (bytes > MAX_HEADERS_BYTES)
    ctx.addIssue({ code: 'custom', message: `the headers come to ${bytes} bytes; at most ${MAX_HEADERS_BYTES} are accepted` });
});

/** A browser viewport in CSS pixels, as screenshots take it. Strict, so the API's schemas can share it. */
export const viewportSchema = z.strictObject({
  width: z.number().int().min(1).max(MAX_VIEWPORT_SIDE),
  height: z.number().int().min(1).max(MAX_VIEWPORT_SIDE),
});
export type Viewport = z.infer<typeof viewportSchema>;

/** JPEG quality of a screenshot (0–100); without it the image is a PNG. */
export const screenshotQualitySchema = z.number().int().min(0).max(100);

/** The paper sizes Chromium prints to, as the SDK's PDFAction names them. */
export const PDF_PAPER_FORMATS = ['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid', 'Ledger'] as const;

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('wait'), milliseconds: z.number().int().min(1).max(MAX_WAIT_MS).optional(), selector: z.string().optional() }),
  z.object({
    type: z.literal('screenshot'),
    fullPage: z.boolean().default(false),
    quality: screenshotQualitySchema.optional(),
    /** The page is resized to it before this screenshot, and stays so for the actions after it. */
    viewport: viewportSchema.optional(),
  }),
  z.object({ type: z.literal('click'), selector: z.string() }),
  z.object({ type: z.literal('write'), text: z.string() }),
  z.object({ type: z.literal('press'), key: z.string() }),
  z.object({ type: z.literal('scroll'), direction: z.enum(['up', 'down']).default('down'), selector: z.string().optional() }),
  z.object({ type: z.literal('scrape') }),
  z.object({ type: z.literal('executeJavascript'), script: z.string() }),
  /** Chromium prints the page as it stands to a PDF (the paper sizes of the SDK's PDFAction). */
  z.object({
    type: z.literal('pdf'),
    format: z.enum(PDF_PAPER_FORMATS).default('Letter'),
    landscape: z.boolean().default(false),
    scale: z.number().min(0.1).max(2).default(1),
  }),
]);
export type Action = z.infer<typeof actionSchema>;

/** One entry of the `attributes` option: a CSS selector the parser accepts, and an attribute name. */
const attributeSelectorSchema = z.object({
  selector: z
    .string()
    .min(1)
    .max(MAX_SELECTOR_LENGTH)
    .superRefine((selector, ctx) => {
      const problem = selectorProblem(selector);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  attribute: z.string().min(1).max(MAX_ATTRIBUTE_NAME_LENGTH),
});

/** The v1 scrape options of the API contract, shared by the library, the CLI and the server. */
export const scrapeOptionsSchema = z.object({
  /** What the Document carries (default `['markdown']`): markdown, html, rawHtml, links, screenshot, screenshot@fullPage, json. */
  formats: z.array(formatSchema).min(1).default(['markdown']),
  /** Keep only the main content, without headers, navs, footers and sidebars (default true). */
  onlyMainContent: z.boolean().default(true),
  /** Keep only elements matching these CSS selectors. */
  includeTags: z.array(z.string()).optional(),
  /** Drop elements matching these CSS selectors. */
  excludeTags: z.array(z.string()).optional(),
  /** Request headers (cookies, user agent…), sent to the target site only. */
  headers: requestHeadersSchema.optional(),
  /** Milliseconds to wait after the page loads, in the browser (default 0). */
  waitFor: z.number().int().min(0).max(MAX_WAIT_MS).default(0),
  /** Emulate a mobile device, in the browser (default false). */
  mobile: z.boolean().default(false),
  /** Accept invalid TLS certificates (default false). */
  skipTlsVerification: z.boolean().default(false),
  /** Milliseconds the whole load may take (default 30,000); `waitFor` and wait actions are added to it. */
  timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).default(30_000),
  /** What the `json` format asks the model: a JSON Schema, a prompt, a system prompt. */
  jsonOptions: z
    .object({
      schema: z.record(z.string(), z.unknown()).optional(),
      systemPrompt: z.string().optional(),
      prompt: z.string().optional(),
    })
    .optional(),
  /** Browser actions run before the page is read: wait, click, write, press, scroll, screenshot, scrape, executeJavascript, pdf. */
  actions: z.array(actionSchema).max(MAX_ACTIONS).optional(),
  /**
   * How the `screenshot` formats are taken: as a JPEG of `quality` (a PNG without it), and with the
   * page loaded at `viewport` (CSS pixels; the image has its size) instead of the browser's own.
   */
  screenshotOptions: z
    .object({
      quality: screenshotQualitySchema.optional(),
      viewport: viewportSchema.optional(),
    })
    .optional(),
  /** Where the browser appears to be: a country code (timezone, geolocation, locale) and languages. */
  location: z
    .object({
      country: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .default('US'),
      languages: z.array(z.string()).optional(),
    })
    .optional(),
  /**
   * Replace inline base64 images with a placeholder (default true).
   * Firecrawl's default: a data: URL is bytes an LLM cannot read, the alt text is what it can.
   */
  removeBase64Images: z.boolean().default(true),
  /** Refuse ad and tracker hosts and hide cookie banners, in the browser (default true). */
  blockAds: z.boolean().default(true),
  /** The upstream proxy of a browser load: `basic`, `stealth` or `auto` (TRAWL_PROXY_BASIC, TRAWL_PROXY_STEALTH). */
  proxy: z.enum(['basic', 'stealth', 'auto']).optional(),
  /**
   * Convert PDFs to Markdown (default true, Firecrawl's v1 `parsePDF`); false returns the file as
   * base64 in `markdown` (and `html`), as Firecrawl does.
   */
  parsePDF: z.boolean().default(true),
  /** How PDFs are read (v2's `parsers: [{type: "pdf", ...}]`): the first `maxPages` pages, page markers in the Markdown, per-page Markdown in `pages`. */
  pdfOptions: z
    .object({
      maxPages: z.number().int().min(1).max(10_000).optional(),
      pageMarkers: z.boolean().optional(),
      pages: z.boolean().optional(),
    })
    .optional(),
  /** v0 `crawlerOptions.generateImgAltText`: a vision model writes the missing alt text of Markdown images. */
  generateImgAltText: z.boolean().optional(),
  /** Also list every image URL of the page in `images` (v2's `images` format): `<img>`, `<picture>`, `og:image`; absolute, deduplicated. */
  images: z.boolean().optional(),
  /** Also read the values of `attribute` on the elements `selector` matches, into `attributes` (v2's `attributes` format). */
  attributes: z.array(attributeSelectorSchema).min(1).max(MAX_ATTRIBUTE_SELECTORS).optional(),
  /** Also read the page's product, menu, branding, audio or video (v2's formats of those names) from the page itself, no model needed. */
  profiles: z.array(z.enum(PAGE_PROFILES)).min(1).max(PAGE_PROFILES.length).optional(),
  /** v2's `question` format: a model answers this from the page, into `answer`. */
  question: z.string().trim().min(1).max(MAX_QUERY_CHARS).optional(),
  /** v2's `highlights` format: the page's passages most relevant to this query (BM25; a model reranks them when configured). */
  highlightsQuery: z.string().trim().min(1).max(MAX_QUERY_CHARS).optional(),
});

export type ScrapeOptionsInput = z.input<typeof scrapeOptionsSchema>;
export type ResolvedScrapeOptions = z.output<typeof scrapeOptionsSchema>;

export { DEFAULT_USER_AGENT } from './settings/defaults.js';

/** The options with the rules that span fields (kept off `scrapeOptionsSchema`, which the API extends). */
const checkedScrapeOptionsSchema = scrapeOptionsSchema.superRefine(refineTotalWait);

/** Applies defaults and validates; throws INVALID_OPTIONS with every problem listed. */
export function resolveScrapeOptions(input: ScrapeOptionsInput = {}): ResolvedScrapeOptions {
  const parsed = checkedScrapeOptionsSchema.safeParse(input);
  if (!parsed.success) throw invalidOptions('scrape', parsed.error);
  return parsed.data;
}
