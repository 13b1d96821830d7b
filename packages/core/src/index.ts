/**
 * `@trawl/core`: scrape, crawl and map web sites into clean, LLM-ready documents.
 *
 * This entry is what a program calls. Adapters are written against `@trawl/core/ports` (and checked
 * with `@trawl/core/testing`); an API server's parts are in `@trawl/core/server`; the settings table
 * is `@trawl/core/settings`. The list below is checked in CI against `packages/core/api/*.api.md`.
 */

// Scrape a page, convert HTML you already have, read a document (PDF, Word, spreadsheets, slides).
export { scrape, type BlockPageOptions, type ScrapeOptions } from './scrape.js';
export { htmlToDocument, type HtmlToDocumentOptions } from './html-to-document.js';
export { DEFAULT_PARSE_MAX_BYTES, parse, type ParseOptions } from './documents/parse.js';
export { detectDocumentFormat, DOCUMENT_FORMATS, type DocumentFormat } from './documents/formats.js';
export {
  resolveScrapeOptions,
  scrapeOptionsSchema,
  type Action,
  type Format,
  type ResolvedScrapeOptions,
  type ScrapeOptionsInput,
  type Viewport,
} from './options.js';
export { DEFAULT_USER_AGENT } from './settings/defaults.js';

// What a scrape returns.
export type { ActionResults, AttributeSelector, AttributeValues, Document, DocumentMetadata } from './document.js';
export {
  PAGE_PROFILES,
  type Availability,
  type BrandingProfile,
  type ImageRef,
  type MenuItem,
  type MenuProfile,
  type MenuSection,
  type PageProfileName,
  type Price,
  type ProductProfile,
  type ProductVariant,
} from './content/profiles/types.js';
export type { ChangeStatus, ChangeTrackingResult, FieldChanges, GitDiff } from './memory/change-status.js';
export type { ChangeTrackingOptions } from './memory/options.js';

// Why main content kept or dropped what it did (`htmlToDocument(html, { explain: true })`).
export { CONTENT_STEP_REGISTRY, contentStepNames } from './content/steps/registry.js';
export { STEP_PHASES, type ContentStep, type StepPhase } from './content/steps/step.js';
export type { ExplainStep } from './content/steps/explain.js';

// Crawl a site, scrape a list of URLs, map a site's URLs.
export { batchScrape, crawl, type BatchScrapeOptions } from './crawl/crawl.js';
export {
  crawlOptionsSchema,
  resolveCrawlOptions,
  type CrawlOptions,
  type CrawlOptionsInput,
  type ResolvedCrawlOptions,
} from './crawl/crawl-options.js';
export { CrawlJob, type JobProgress, type JobSummary } from './crawl/crawl-job.js';
export type { JobEvents } from './crawl/job-context.js';
export { map, MAP_MAX_LIMIT, type MapLink, type MapOptions, type MapResult } from './crawl/map.js';
export type { TrapNotice, TrapReason } from './crawl/traps/trap-guard.js';
export { normalizeUrl } from './url/normalize.js';

// Search and scrape, watch pages for changes, and the features that need an LLM.
export { searchAndScrape, type SearchAndScrapeOptions } from './search/search-and-scrape.js';
export type { SearchOutcome, SearchResultItem } from './search/search-results.js';
export { watch, type PageChange, type WatchOptions } from './memory/watch.js';
export type { LlmJobOptions } from './llm/llm-runtime.js';
export { extract } from './llm/extract/extract-job.js';
export type { ExtractRequest, ExtractRequestInput } from './llm/extract/extract-request.js';
export type { ExtractOutput } from './llm/extract/run-extract.js';
export { generateLlmsTxt } from './llm/llmstxt/llmstxt-job.js';
export type { LlmsTxtRequest, LlmsTxtRequestInput } from './llm/llmstxt/llmstxt-request.js';
export type { LlmsTxtOutput } from './llm/llmstxt/run-llmstxt.js';
export { agent } from './llm/agent/agent-job.js';
export type { AgentRequest, AgentRequestInput } from './llm/agent/agent-request.js';
export type { AgentOutput } from './llm/agent/run-agent.js';

// What the calls run with: a Runtime (store, browser, LLM, search, SSRF policy, logger), the
// in-memory store, the shared conversion threads and HTTP connections.
export {
  createRuntime,
  type CreateRuntimeOptions,
  type OwnedPart,
  type Runtime,
  type RuntimeFor,
  type RuntimeOptions,
  type RuntimeWithStore,
  type WithRuntime,
} from './runtime/runtime.js';
export { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from './stores/memory/index.js';
export { createStoreRegistry, type StoreDriver, type StoreRegistry } from './stores/registry.js';
export { consoleLogger, type Logger } from './ports/logger.js';
export { isScrapeActionError, ScrapeActionError, type EngineChoice, type ScreenshotImage, type ScreenshotSink } from './ports/browser.js';
export {
  ALLOW_PRIVATE_NETWORK_HINT,
  BlockedAddressError,
  describeSsrfPolicy,
  OPEN_POLICY,
  STRICT_POLICY,
  type SsrfPolicy,
} from './url/ssrf.js';
export { ConvertPool, type ConvertPoolOptions } from './convert/convert-pool.js';
export { closeDispatchers, closeSharedConvertPool, useConvertPool } from './runtime/default-parts.js';

// Errors: every failure is a TrawlError with a code (docs/errors.md).
export { errorCodeOf, isTrawlError, TrawlError } from './errors.js';
export {
  ERROR_STATUS,
  TRAWL_ERROR_CODES,
  type ApiErrorCode,
  type ErrorCode,
  type PageErrorCode,
  type TrawlErrorCode,
} from './error-codes.js';
export { BlockPageError, isBlockPageError, type BlockPageReport } from './blocks/block-error.js';
export type { BlockKind } from './blocks/markers.js';
