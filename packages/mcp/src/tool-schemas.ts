/**
 * The tools' argument shapes: firecrawl-mcp 3.22's (read from its npm package), so prompts and
 * agent configs written for it work unchanged, with descriptions an agent can act on and bounds
 * on every list and string. `offset` and `skip` are Trawl's additions for reading long results on.
 */
import { z } from 'zod';

/** The longest URL, prompt or query a tool accepts, as the API bounds them. */
const MAX_URL_LENGTH = 8_192;
const MAX_TEXT = 10_000;
/** Pages one batch or extract call names at most. */
export const MAX_URLS = 1_000;

const url = z
  .url({ protocol: /^https?$/ })
  .max(MAX_URL_LENGTH)
  .describe('An absolute http:// or https:// URL');
const text = (description: string) => z.string().max(MAX_TEXT).describe(description);
const strings = (description: string, max = 100) => z.array(z.string().max(MAX_URL_LENGTH)).max(max).describe(description);
const jsonSchema = z.record(z.string(), z.any()).describe('A JSON Schema the extracted data must follow');

export const FORMATS = [
  'markdown',
  'html',
  'rawHtml',
  'screenshot',
  'links',
  'summary',
  'changeTracking',
  'branding',
  'json',
  'query',
  'audio',
] as const;

const ACTION_TYPES = ['wait', 'screenshot', 'scroll', 'scrape', 'click', 'write', 'press', 'executeJavascript', 'generatePDF'] as const;

/** firecrawl-mcp's scrape options (its `scrapeParamsSchema` without `url`). */
export const scrapeOptionsShape = {
  formats: z
    .array(z.enum(FORMATS))
    .max(FORMATS.length)
    .optional()
    .describe(
      'What to return (default ["markdown"]). "markdown" for reading a page; "json" with jsonOptions for specific data points; "links" for the links on the page. "screenshot" needs a browser on the server; "summary", "json" and "query" need a model; "branding" (colours, fonts, logo) and "audio" (the audio URL the page embeds) are read from the page.',
    ),
  jsonOptions: z
    .object({ prompt: text('What to extract').optional(), schema: jsonSchema.optional() })
    .optional()
    .describe('With the "json" format: the prompt and/or schema of the data to extract'),
  queryOptions: z
    .object({ prompt: text('The question to answer from the page'), mode: z.enum(['directQuote', 'freeform']).default('freeform') })
    .optional()
    .describe('With the "query" format: a question answered from the page'),
  screenshotOptions: z
    .object({
      fullPage: z.boolean().optional(),
      quality: z.number().optional(),
      viewport: z.object({ width: z.number(), height: z.number() }).optional(),
    })
    .optional()
    .describe('With the "screenshot" format'),
  parsers: z
    .array(z.enum(['pdf']))
    .max(1)
    .optional()
    .describe('["pdf"] parses PDF pages into Markdown'),
  pdfOptions: z
    .object({ maxPages: z.number().int().min(1).max(10_000).optional() })
    .optional()
    .describe('With the pdf parser: the most pages to read'),
  onlyMainContent: z.boolean().optional().describe('Only the main content, without navigation, headers and footers (default true)'),
  redactPII: z.boolean().optional().describe('A Firecrawl cloud option; ignored with a warning here'),
  includeTags: strings('CSS selectors of the only elements to keep').optional(),
  excludeTags: strings('CSS selectors of elements to drop').optional(),
  waitFor: z.number().optional().describe('Milliseconds to wait for the page to render before reading it (needs a browser)'),
  actions: z
    .array(
      z.object({
        type: z.enum(ACTION_TYPES),
        selector: z.string().max(MAX_TEXT).optional(),
        milliseconds: z.number().optional(),
        text: z.string().max(MAX_TEXT).optional(),
        key: z.string().max(100).optional(),
        direction: z.enum(['up', 'down']).optional(),
        script: z.string().max(MAX_TEXT).optional(),
        fullPage: z.boolean().optional(),
      }),
    )
    .max(50)
    .optional()
    .describe('Browser actions run before the page is read (needs a browser on the server)'),
  mobile: z.boolean().optional().describe('Load the page as a phone would'),
  skipTlsVerification: z.boolean().optional(),
  removeBase64Images: z.boolean().optional().describe('Drop inline base64 images from the Markdown'),
  location: z
    .object({ country: z.string().max(10).optional(), languages: z.array(z.string().max(35)).max(20).optional() })
    .optional()
    .describe('Country and languages the request is made for'),
  storeInCache: z.boolean().optional(),
  zeroDataRetention: z.boolean().optional(),
  maxAge: z.number().optional().describe('Accept a cached copy up to this many milliseconds old'),
  lockdown: z.boolean().optional().describe('Serve from the page memory only, never loading the page; no copy kept is an error'),
  proxy: z.enum(['basic', 'stealth', 'enhanced', 'auto']).optional(),
  profile: z
    .object({ name: z.string().max(200), saveChanges: z.boolean().optional() })
    .optional()
    .describe('A Firecrawl cloud option'),
};

const offset = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe('Trawl: where to start reading a long answer, in characters; a cut answer says which offset reads on');

/**
 * firecrawl_scrape's arguments: the scrape options, and what firecrawl-mcp 3.26's tool adds: a
 * timeout, Alexandria's domain discovery (`domainTools`, `toolDetail`: passed on, the API names
 * them in its warning) and `alexandria` calls (`requestId` their key), which need Firecrawl's
 * hosted catalogue and are answered with an error naming it. `url` is required unless
 * `alexandria` is given, as there.
 */
export const scrapeShape = {
  url: url.optional(),
  ...scrapeOptionsShape,
  timeout: z.number().int().positive().max(300_000).optional().describe('Milliseconds the scrape may take'),
  domainTools: z.boolean().optional().describe("Firecrawl's hosted tool discovery: no tools are found here"),
  toolDetail: z.enum(['compact', 'summary', 'full']).optional(),
  alexandria: z.unknown().optional().describe("Firecrawl's hosted capability calls: not available on Trawl"),
  requestId: z.string().max(128).optional(),
};

export const scrapeResultShape = {
  id: z.string().max(100).describe('The scrapeId of an earlier firecrawl_scrape (shown under its answer)'),
  offset,
};

const scrapeOptions = z
  .object(scrapeOptionsShape)
  .partial()
  .optional()
  .describe('How each page is scraped: the options of firecrawl_scrape');

const wait = z
  .boolean()
  .optional()
  .describe(
    'Trawl: false starts the job and answers its id at once, to read later with the status tool (default true: wait and answer the pages)',
  );

export const batchScrapeShape = {
  urls: z.array(url).min(1).max(MAX_URLS).describe('The pages to scrape'),
  options: scrapeOptions,
  wait,
};

const jobId = z.string().max(100).describe('The id a crawl or batch tool answered');
const skip = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe('Trawl: pages of the result to pass over, to read a long result on (the answer says which skip comes next)');

export const jobStatusShape = { id: jobId, skip };
export const jobIdShape = { id: jobId };

export const mapShape = {
  url,
  search: text('Only URLs related to these words, most relevant first').optional(),
  sitemap: z.enum(['include', 'skip', 'only']).optional().describe('Use the sitemap too (include, the default), not at all, or only'),
  includeSubdomains: z.boolean().optional(),
  limit: z.number().int().min(1).max(100_000).optional().describe('The most URLs to return'),
  ignoreQueryParameters: z.boolean().optional().describe('Count URLs differing only in their query once'),
};

const domain = z.string().min(1).max(253);
const SEARCH_SOURCES = ['web', 'images', 'news', 'alexandria', 'exchange'] as const;

export const searchShape = {
  query: z.string().min(1).max(1_000).describe('What to search the web for'),
  limit: z.number().int().min(1).max(100).optional().describe('The most results (default 5)'),
  tbs: z.string().max(100).optional().describe('A time filter, e.g. "qdr:w" for the past week'),
  filter: z.string().max(1_000).optional(),
  location: z.string().max(200).optional(),
  includeDomains: z.array(domain).max(50).optional().describe('Only results from these domains'),
  excludeDomains: z.array(domain).max(50).optional().describe('No results from these domains'),
  // firecrawl-mcp 3.26's sources: a name or {type}; its catalogue sources (alexandria, exchange)
  // are Firecrawl's hosted tool index, answered here with a warning and no hits.
  sources: z
    .array(z.union([z.enum(SEARCH_SOURCES), z.object({ type: z.enum(SEARCH_SOURCES) }).strict()]))
    .max(5)
    .optional(),
  highlights: z.boolean().optional().describe("Query-relevant excerpts in each hit's description where the provider has them"),
  // Firecrawl's hosted tool discovery (3.26 sends them by default): accepted and named in the warning.
  domainTools: z.boolean().optional(),
  toolDetail: z.enum(['compact', 'summary', 'full']).optional(),
  scrapeOptions: scrapeOptions.describe('Scrape each result too (e.g. {"formats": ["markdown"]}); each scraped result costs a credit'),
  enterprise: z
    .array(z.enum(['default', 'anon', 'zdr']))
    .max(3)
    .optional(),
};

export const crawlShape = {
  url: z.string().max(MAX_URL_LENGTH).describe('Where the crawl starts (a path ending in /* is taken as the prefix to stay under)'),
  prompt: text('Describe in words what to crawl; a model turns it into the options below (needs a model)').optional(),
  excludePaths: strings('Regular expressions of paths not to crawl').optional(),
  includePaths: strings('Regular expressions of the only paths to crawl').optional(),
  maxDiscoveryDepth: z.number().int().min(0).max(1_000).optional().describe('How many links deep from the start page'),
  sitemap: z.enum(['skip', 'include', 'only']).optional(),
  limit: z.number().int().min(1).max(100_000).optional().describe('The most pages (keep it small: every page is in the answer)'),
  allowExternalLinks: z.boolean().optional(),
  allowSubdomains: z.boolean().optional(),
  crawlEntireDomain: z.boolean().optional().describe('Follow links to any path of the site, not only below the start URL'),
  delay: z.number().min(0).max(3_600).optional().describe('Seconds between requests'),
  maxConcurrency: z.number().int().min(1).max(1_000).optional(),
  webhook: z.string().max(MAX_URL_LENGTH).optional().describe('A URL told about the crawl as it runs'),
  webhookHeaders: z.record(z.string().max(256), z.string().max(MAX_URL_LENGTH)).optional(),
  deduplicateSimilarURLs: z.boolean().optional(),
  ignoreQueryParameters: z.boolean().optional(),
  scrapeOptions,
  wait,
};

export const extractShape = {
  urls: z
    .array(z.string().max(MAX_URL_LENGTH))
    .min(1)
    .max(MAX_URLS)
    .describe('The pages to extract from (a path ending in /* takes the site below it)'),
  prompt: text('What to extract').optional(),
  schema: jsonSchema.optional(),
  allowExternalLinks: z.boolean().optional(),
  enableWebSearch: z.boolean().optional().describe('Search the web for more context (needs a search provider)'),
  includeSubdomains: z.boolean().optional(),
};

export const llmsTxtShape = {
  url,
  maxUrls: z.number().int().min(1).max(5_000).optional().describe('The most pages to summarise (default 10)'),
  showFullText: z.boolean().optional().describe('Also return llms-full.txt, every page in full'),
};

/** firecrawl-mcp 3.26's `firecrawl_agent` arguments. Threads (`threadId`, `exchange`, `mode: "chat"`) are Firecrawl's hosted ones: passed on, the API refuses them with a 501. */
export const agentShape = {
  prompt: z.string().min(1).max(MAX_TEXT).describe('What to find out, and the fields wanted'),
  urls: z.array(url).max(100).optional().describe('Pages to start from'),
  schema: jsonSchema.optional(),
  effort: z.enum(['low', 'medium', 'high']).optional().describe('Budget of steps, time and pages (default medium)'),
  maxCredits: z.number().int().positive().optional().describe('Spending limit in credits for this run (default 2500)'),
  strictConstrainToURLs: z.boolean().optional().describe('Read only the pages given in urls'),
  threadId: z.string().max(100).optional().describe("Firecrawl's hosted threads: not available on Trawl"),
  mode: z.enum(['extract', 'chat']).optional().describe('"extract" (the default); "chat" is a hosted thread mode, not available on Trawl'),
  exchange: z.record(z.string(), z.any()).optional().describe("Firecrawl's hosted data providers: not available on Trawl"),
};

export const agentStatusShape = { id: z.string().min(1).max(100).describe('The id firecrawl_agent answered') };

export const interactShape = {
  scrapeId: z.string().trim().min(1).max(100).optional().describe('The scrapeId of an earlier firecrawl_scrape whose page to go on with'),
  url: url.optional().describe('A page to open (scraped first); give this or scrapeId'),
  prompt: z
    .string()
    .trim()
    .min(1)
    .max(10_000)
    .optional()
    .describe('What to do on the page, in words: the server model turns it into clicks, typing and scrolling'),
  code: z
    .string()
    .trim()
    .min(1)
    .max(100_000)
    .optional()
    .describe('JavaScript run inside the page as an async function body (only when the server operator enabled code)'),
  language: z.enum(['bash', 'python', 'node']).optional().describe('Trawl runs "node" (JavaScript inside the page) only'),
  timeout: z.number().min(1).max(300).optional().describe('Seconds the call may take (default 30)'),
  scrapeOptions,
};

export const interactStopShape = { scrapeId: z.string().trim().min(1).max(100).describe('The scrapeId whose page to close') };
