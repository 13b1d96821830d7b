export { scrape, type BlockPageOptions } from './scrape.js';
export * from './runtime/index.js';
export { consoleLogger, type Logger } from './ports/logger.js';
export { htmlToDocument, type HtmlToDocumentOptions } from './html-to-document.js';
export type { Document, DocumentMetadata, ActionResults, AttributeSelector, AttributeValues } from './document.js';
export { PAGE_PROFILES } from './content/profiles/types.js';
export type {
  PageProfileName,
  ProductProfile,
  ProductVariant,
  MenuProfile,
  MenuSection,
  MenuItem,
  BrandingProfile,
  Price,
  Availability,
  ImageRef,
} from './content/profiles/types.js';
export {
  scrapeOptionsSchema,
  requestHeadersSchema,
  formatSchema,
  actionSchema,
  PDF_PAPER_FORMATS,
  viewportSchema,
  screenshotQualitySchema,
  resolveScrapeOptions,
  DEFAULT_USER_AGENT,
  type Format,
  type Action,
  type Viewport,
  type ScrapeOptions,
  type ScrapeOptionsInput,
  type ResolvedScrapeOptions,
} from './options.js';
export { refineTotalWait, refineWaitForWithinTimeout, totalWaitMs } from './wait-rules.js';
export { TrawlError, isTrawlError, errorCodeOf, type TrawlErrorCode } from './errors.js';
export {
  ERROR_STATUS,
  TRAWL_ERROR_CODES,
  API_ERROR_CODES,
  PAGE_ERROR_CODES,
  type ApiErrorCode,
  type AnswerErrorCode,
  type PageErrorCode,
  type ErrorCode,
} from './error-codes.js';
export { httpFetch, closeDispatchers, decodeBody, type LoadedPage, type HttpFetchOptions } from './fetch/index.js';
export { parseTargetUrl, assertAllowedTarget } from './url/guard.js';
export { parseTypedUrl, typedTargetUrl } from './url/typed-url.js';
export {
  isNonPublicAddress,
  BlockedAddressError,
  toSsrfPolicy,
  describeSsrfPolicy,
  ALLOW_PRIVATE_NETWORK_HINT,
  OPEN_POLICY,
  STRICT_POLICY,
  type SsrfPolicy,
} from './url/ssrf.js';
export { pageToDocument } from './pipeline/to-document.js';
// Documents: PDF, Word, spreadsheets, slides (docs/content.md)
export { parse, DEFAULT_PARSE_MAX_BYTES, type ParseOptions } from './documents/parse.js';
export { detectDocumentFormat, DOCUMENT_FORMATS, DOCUMENT_MEDIA_TYPES, type DocumentFormat } from './documents/formats.js';
export {
  ConvertPool,
  closeSharedConvertPool,
  sharedConvertPool,
  useConvertPool,
  DEFAULT_CONVERT_DEADLINE_MS,
  DEFAULT_CONVERT_MEMORY_MB,
  type ConvertPoolOptions,
} from './convert/convert-pool.js';
export { ALONE_AT_GATE_MS, createFairGate, type FairGate, type FairGateLimits } from './fairness/fair-gate.js';
export { LeaseTurns } from './fairness/lease-turns.js';
export { MAX_TREE_DEPTH } from './content/dom/bounded-tree.js';
export { MAX_MAIN_CONTENT_ELEMENTS } from './content/assembly/build-document.js';

// Crawl, map and batch scrape
export { crawl, batchScrape, type BatchScrapeOptions } from './crawl/crawl.js';
export {
  map,
  mapLinks,
  mapSite,
  MAP_MAX_LIMIT,
  MAP_HARD_LIMIT,
  MAP_TIME_BUDGET_MS,
  type MapLink,
  type MapOptions,
  type MapResult,
} from './crawl/map.js';
export type { TrapNotice, TrapReason } from './crawl/traps/trap-guard.js';
export { rankLinks } from './crawl/rank-links.js';
export { CrawlJob, type JobProgress, type JobSummary } from './crawl/crawl-job.js';
export type { JobEvents } from './crawl/job-context.js';
export {
  crawlOptionsSchema,
  resolveCrawlOptions,
  type CrawlOptions,
  type CrawlOptionsInput,
  type ResolvedCrawlOptions,
  type JobOptions,
} from './crawl/crawl-options.js';
export { createRobotsPolicy, type RobotsPolicy, type RobotsPolicyOptions } from './crawl/robots.js';
export { discoverSitemapUrls, sitemapUrls, parseSitemap, type SitemapOptions } from './crawl/sitemaps.js';
export { createHostScheduler, type HostScheduler, type PolitenessOptions } from './crawl/politeness.js';
export { classifyError, classifyStatus, backoffDelay, parseRetryAfter } from './crawl/retry.js';
export type { ResourceFetcher, FetchedResource } from './crawl/fetcher.js';
export { httpResourceFetcher } from './crawl/http-resource-fetcher.js';

// URLs
export { normalizeUrl, isSamePage, type NormalizeOptions } from './url/normalize.js';
export { createLinkFilter, type LinkFilter, type LinkFilterOptions, type LinkVerdict } from './url/filters.js';
export { pathDepth } from './url/depth.js';
export { compileUserRegex, userRegexProblem } from './url/patterns.js';
export { compileGlob } from './url/glob.js';

// Limits every request and page meets
export * from './limits.js';

// Content
export { extractLinks, extractMetadata, parseHtml, selectorProblem, toMarkdown, cleanContent } from './content/index.js';
// Main content's steps, in the order they run (docs/content.md), and a conversion's explain trace
export {
  CONTENT_STEP_REGISTRY,
  contentStepNames,
  STEP_PHASES,
  type ContentStep,
  type ExplainStep,
  type StepPhase,
} from './content/index.js';

// Store port, memory store and jobs
export type * from './ports/store.js';
export { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from './stores/memory/index.js';
export { createStoreRegistry, type StoreDriver, type StoreRegistry } from './stores/registry.js';
export { isStoreOutage, withOutageErrors, type OutageClassifier } from './stores/store-outage.js';
export { parseStoreUrl, type StoreUrl } from './settings/store-url.js';
export { insufficientCredits, reserveCredits, settleCredits, spendCredits, spendHold, type AccountHold } from './credits/spend-credits.js';
export { nextUsagePeriod, recordTokens, recordUsage, usagePeriod, type Account } from './credits/usage.js';
export * from './jobs/index.js';
export { startCrawlJob, startBatchJob, appendBatchUrls, type StartJobInput } from './crawl/start-job.js';
export { startWorker, type Worker, type WorkerOptions, type WorkerSettings } from './crawl/worker.js';
export type { JobSpec } from './crawl/job-spec.js';
export { specOf } from './crawl/job-spec.js';

// Browser port and engine choice
export {
  ScrapeActionError,
  isScrapeActionError,
  type Browser,
  type BrowserLoadRequest,
  type EngineChoice,
  type ScreenshotSink,
  type ScreenshotImage,
} from './ports/browser.js';
export {
  planEngine,
  looksRenderedByJavaScript,
  browserOnlyFeatures,
  browserRefinements,
  type EnginePlan,
} from './pipeline/engine-choice.js';
export { loadPage } from './pipeline/load-page.js';
export { classifyBlockPage, LITTLE_TEXT, type BlockVerdict, type PageResponse } from './blocks/classify.js';
export { BlockPageError, isBlockPageError, type BlockPageReport, type LadderRung } from './blocks/block-error.js';
export { STEALTH_PROXY_CREDITS, usedStealthProxy } from './pipeline/page-ladder.js';
export {
  APP_ROOT_IDS,
  BLOCK_KINDS,
  challengeSigns,
  CONSENT_CONTROLS,
  CONSENT_MANAGERS,
  consentContainerSelectors,
  GOOGLE_CONSENT,
  LOADING_TEXT,
  type ChallengeSigns,
  type BlockKind,
  type Marker,
  type VendorMarkers,
} from './blocks/markers.js';
export { createGuardedLookup, isHostAllowedByPolicy } from './url/ssrf.js';

// Search port, search-and-scrape and the search endpoints' shapes
export type { SearchProvider, SearchHit, SearchOptions } from './ports/search.js';
export * from './search/index.js';

// LLM port and the features built on it (json format, extract, llms.txt, image alt text)
export { meteredLlm } from './llm/metered-llm.js';
export {
  addUsage,
  llmUsageOf,
  NO_USAGE,
  withLlmUsage,
  type JsonSchema,
  type LlmAnswer,
  type LlmImage,
  type LlmProvider,
  type LlmRequest,
  type LlmTool,
  type LlmToolCall,
  type LlmToolRequest,
  type LlmUsage,
} from './ports/llm.js';
export * from './llm/index.js';
export {
  requireInteger,
  requireFinite,
  refundOf,
  usageAmounts,
  requireSnapshot,
  requirePage,
  requireDueTime,
  checkCutoff,
} from './ports/store-arguments.js';
// Page memory: the scrape cache, change tracking and monitors (issue 19)
export { throughPageMemory, memoryRequestOf, type PageMemoryOptions } from './memory/through-memory.js';
export {
  cachedDocument,
  rememberDocument,
  trackChanges,
  readsCache,
  type PageMemoryContext,
  type PageMemoryRequest,
  type TrackedPage,
  type TrackingContext,
} from './memory/page-memory.js';
export type { ChangeStatus, ChangeTrackingResult, FieldChanges, GitDiff } from './memory/change-status.js';
export {
  changeTrackingOptionsSchema,
  changeTrackingModeSchema,
  pageMemoryFieldsSchema,
  V2_DEFAULT_MAX_AGE_MS,
  type ChangeTrackingOptions,
} from './memory/options.js';
export { comparableText, contentHash } from './memory/noise.js';
export { normalizeSchedule, nextRunAfter, type MonitorSchedule, type NormalizedSchedule } from './monitors/schedule.js';
export {
  emptySummary,
  monitorTag,
  type MonitorCheck,
  type MonitorCheckBody,
  type MonitorCheckPage,
  type MonitorPageStatus,
  type MonitorSpec,
  type MonitorState,
  type MonitorSummary,
  type MonitorTargetSpec,
  type MonitorWebhook,
} from './monitors/monitor-spec.js';
export { runMonitorCheck, type CheckOutcome, type CheckRun, type MonitorCheckContext } from './monitors/run-check.js';
export {
  startMonitorScheduler,
  scheduledCheckId,
  DEFAULT_CHECKS_KEPT,
  type MonitorScheduler,
  type MonitorSchedulerOptions,
} from './monitors/monitor-scheduler.js';
export { runMonitorNow, type ManualRun } from './monitors/manual-run.js';
export { watch, type PageChange, type WatchOptions } from './memory/watch.js';
