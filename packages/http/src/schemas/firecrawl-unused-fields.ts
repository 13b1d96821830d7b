/**
 * Fields Firecrawl's own v1/v2 request schemas accept that change nothing here: its internal and
 * experimental switches, its index and e-mail notices, what its map takes from the crawler's
 * options. They are accepted, bounded like every other field, so a body Firecrawl takes is taken
 * here too; one set to something that would matter on Firecrawl's service gets a warning naming
 * it (unusedFieldWarnings). A name Firecrawl does not know is still refused by the strict bodies.
 */
import { z } from 'zod';

interface UnusedField {
  schema: z.ZodType;
  /** Why it changes nothing, after "<name> is not applied: ". */
  why: string;
}

const INTERNAL = "it is one of Firecrawl's internal switches";
const NOT_BY_MAP = "map lists every link it finds (Firecrawl's map does not apply it either)";

const agentInteropSchema = z.strictObject({
  auth: z.string().max(1000),
  requestId: z.string().max(200),
  shouldBill: z.boolean(),
  boostConcurrency: z.boolean().optional(),
});

const UNUSED_FIELDS = {
  // Scrape options (v1 and v2).
  onlyCleanContent: { schema: z.boolean(), why: "Firecrawl's model clean-up is not run; onlyMainContent reads the main content" },
  __experimental_cache: { schema: z.boolean(), why: 'use maxAge to read the page memory' },
  __experimental_omce: { schema: z.boolean(), why: INTERNAL },
  __experimental_omceDomain: { schema: z.string().max(253), why: INTERNAL },
  __experimental_engpicker: { schema: z.boolean(), why: INTERNAL },
  __forceFirePDF: { schema: z.boolean(), why: "PDFs are read by Trawl's own reader" },
  __searchPreviewToken: { schema: z.string().max(1000), why: "it is a token of Firecrawl's search preview" },
  // Jobs (scrape, batch, crawl, search).
  notifyOnCompletion: { schema: z.boolean(), why: 'no e-mail is sent: give a webhook to hear when a job ends' },
  __agentInterop: { schema: agentInteropSchema, why: "it links a request to Firecrawl's hosted agent" },
  asyncScraping: { schema: z.boolean(), why: 'the hits are scraped before the answer' },
  // Map (a crawl applies it).
  robotsUserAgent: { schema: z.string().max(200), why: "map reads robots.txt for Trawl's own user agent" },
  // Map: Firecrawl's index, and the crawler options its map schema takes.
  useIndex: { schema: z.boolean(), why: 'there is no index of earlier maps; the site is read now' },
  ignoreCache: { schema: z.boolean(), why: 'there is no index of earlier maps; the site is read now' },
  includePaths: { schema: z.array(z.string().max(1000)).max(100), why: NOT_BY_MAP },
  excludePaths: { schema: z.array(z.string().max(1000)).max(100), why: NOT_BY_MAP },
  maxDepth: { schema: z.number().int().min(0).max(1000), why: NOT_BY_MAP },
  maxDiscoveryDepth: { schema: z.number().int().min(0).max(1000), why: NOT_BY_MAP },
  allowBackwardLinks: { schema: z.boolean(), why: NOT_BY_MAP },
  crawlEntireDomain: { schema: z.boolean(), why: NOT_BY_MAP },
  allowExternalLinks: { schema: z.boolean(), why: NOT_BY_MAP },
  allowSubdomains: { schema: z.boolean(), why: 'map takes includeSubdomains' },
  regexOnFullURL: { schema: z.boolean(), why: NOT_BY_MAP },
  delay: { schema: z.number().min(0).max(60), why: 'map spaces its requests to a host itself' },
  // Extract.
  urlTrace: { schema: z.boolean(), why: 'no URL trace is kept' },
  __experimental_streamSteps: { schema: z.boolean(), why: INTERNAL },
  __experimental_llmUsage: { schema: z.boolean(), why: 'token use is in GET /v2/team/token-usage' },
  __experimental_showSources: { schema: z.boolean(), why: 'use showSources' },
  __experimental_cacheKey: { schema: z.string().max(200), why: INTERNAL },
  __experimental_cacheMode: { schema: z.enum(['direct', 'save', 'load']), why: INTERNAL },
  __experimental_showCostTracking: { schema: z.boolean(), why: 'credits used are in the job status' },
  // Agent.
  overrideWhitelist: { schema: z.string().max(1000), why: "it overrides Firecrawl's hosted allow list" },
} as const satisfies Record<string, UnusedField>;

export type UnusedFieldName = keyof typeof UNUSED_FIELDS;

type UnusedShape<N extends UnusedFieldName> = { [K in N]: z.ZodOptional<(typeof UNUSED_FIELDS)[K]['schema']> };

/** The named fields as optional members of a body's shape. */
export function unusedFields<N extends UnusedFieldName>(...names: N[]): UnusedShape<N> {
  return Object.fromEntries(names.map((name) => [name, UNUSED_FIELDS[name].schema.optional()])) as UnusedShape<N>;
}

/** The fields every scrape options object takes (v1's and v2's). */
export const UNUSED_SCRAPE_FIELDS = [
  'onlyCleanContent',
  '__experimental_omce',
  '__experimental_omceDomain',
  '__experimental_engpicker',
  '__forceFirePDF',
  '__searchPreviewToken',
] as const satisfies readonly UnusedFieldName[];

/** What a scrape, batch or crawl body takes besides its options. */
export const UNUSED_JOB_FIELDS = ['notifyOnCompletion', '__agentInterop'] as const satisfies readonly UnusedFieldName[];

/** What Firecrawl's v2 map takes and does not apply: its index, and crawler options (v1's map adds UNUSED_V1_MAP_FIELDS). */
export const UNUSED_MAP_FIELDS = [
  'useIndex',
  'ignoreCache',
  'includePaths',
  'excludePaths',
  'maxDiscoveryDepth',
  'crawlEntireDomain',
  'allowExternalLinks',
  'allowSubdomains',
  'regexOnFullURL',
  'delay',
] as const satisfies readonly UnusedFieldName[];

/** v1's crawler options that v2 renamed or dropped. */
export const UNUSED_V1_MAP_FIELDS = ['maxDepth', 'allowBackwardLinks'] as const satisfies readonly UnusedFieldName[];

/** Extract's experimental switches. */
export const UNUSED_EXTRACT_FIELDS = [
  'urlTrace',
  '__experimental_streamSteps',
  '__experimental_llmUsage',
  '__experimental_showSources',
  '__experimental_cacheKey',
  '__experimental_cacheMode',
  '__experimental_showCostTracking',
] as const satisfies readonly UnusedFieldName[];

/** The body without the named fields, before it reaches core (which knows none of them). */
export function withoutUnusedFields<T extends object, N extends UnusedFieldName>(body: T, names: readonly N[]): Omit<T, N> {
  const kept: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const name of names) delete kept[name];
  return kept as Omit<T, N>;
}

/** A value that asks for something: not absent, false, or an empty list. */
function asksForSomething(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  return !(Array.isArray(value) && value.length === 0);
}

/**
 * One warning per unused field a request sets, looked for at its top level and in its
 * `scrapeOptions` (map's crawler options are not looked for in other bodies, where they are used).
 */
export function unusedFieldWarnings(request: object, options: { map?: boolean } = {}): string[] {
  const mapOnly = new Set<string>([...UNUSED_MAP_FIELDS, ...UNUSED_V1_MAP_FIELDS, 'robotsUserAgent']);
  const record = request as Record<string, unknown>;
  const scrapeOptions = record.scrapeOptions;
  const nested = scrapeOptions && typeof scrapeOptions === 'object' ? (scrapeOptions as Record<string, unknown>) : {};
  const warnings: string[] = [];
  for (const [name, field] of Object.entries(UNUSED_FIELDS) as Array<[string, UnusedField]>) {
    if (mapOnly.has(name) && !options.map) continue;
    if (asksForSomething(record[name]) || asksForSomething(nested[name])) warnings.push(`${name} is not applied: ${field.why}`);
  }
  return warnings;
}
