/**
 * `@trawl/core/server`: the parts an API server and its workers are built from (jobs and their
 * state, credits and usage, workers, monitors, the LLM jobs, the search endpoints' shapes). Used by
 * `@trawl/http`, `@trawl/cli` and `@trawl/mcp`; a program that scrapes, crawls or maps needs only
 * `@trawl/core`.
 */
export { classifyBlockPage } from '../blocks/classify.js';
export { extractLinks } from '../content/assembly/links.js';
export { selectorProblem } from '../selectors/selector-problem.js';
export { specOf, type JobSpec } from '../crawl/job-spec.js';
export { MAP_HARD_LIMIT, mapSite } from '../crawl/map.js';
export { rankLinks } from '../crawl/rank-links.js';
export { backoffDelay, classifyStatus, parseRetryAfter } from '../crawl/retry.js';
export { appendBatchUrls, startBatchJob, startCrawlJob, type StartJobInput } from '../crawl/start-job.js';
export { startWorker, type Worker } from '../crawl/worker.js';
export { reserveCredits, settleCredits, spendCredits, spendHold, type AccountHold } from '../credits/spend-credits.js';
export { pendingSettlements, settlementsDone } from '../credits/pending-settlements.js';
export { keepHolds, renewAndReclaim } from '../credits/hold-keeper.js';
export { PROCESS_HOLD_OWNER, reserveHold } from '../credits/hold-owner.js';
export { toMarkdown } from '../formats/markdown.js';
// Browser sessions and the pages scrapes keep for interact: one registry (docs/browser.md).
export { INTERACT_PROMPT_STEPS, MAX_INTERACT_PROMPT_CHARS, runInteractPrompt, type PromptOutcome } from '../sessions/interact-prompt.js';
export {
  SessionRegistry,
  sessionNotFound,
  type EndedSession,
  type NewSession,
  type SessionEnd,
  type SessionEntry,
  type SessionKind,
  type SessionRegistryOptions,
} from '../sessions/session-registry.js';
export { nextUsagePeriod, usagePeriod, type Account } from '../credits/usage.js';
export { API_ERROR_CODES, PAGE_ERROR_CODES, type AnswerErrorCode } from '../error-codes.js';
export type { FairGate, FairGateLimits } from '../fairness/fair-gate.js';
export { sweepExpiredJobs } from '../jobs/expiry.js';
export { cancelJob } from '../jobs/job-events.js';
export { isTerminal, newJob } from '../jobs/job-record.js';
export { readAllDocuments, readErrorsReport, readLatestDocuments, readStatusPage, V0_PARTIAL_DATA_MAX } from '../jobs/result-pages.js';
export { toV0CrawlState, toV0CrawlStatus, toV1JobStatus } from '../jobs/status-views.js';
export {
  clip,
  FORBIDDEN_REQUEST_HEADERS,
  MAX_ACTIONS,
  MAX_ATTRIBUTE_NAME_LENGTH,
  MAX_ATTRIBUTE_SELECTORS,
  MAX_CONCURRENCY,
  MAX_CRAWL_DELAY_S,
  MAX_CRAWL_LIMIT,
  MAX_DEPTH,
  MAX_JSON_DEPTH,
  MAX_LINKS_PER_PAGE,
  MAX_PATTERNS,
  MAX_QUERY_CHARS,
  MAX_SELECTOR_LENGTH,
  MAX_TIMEOUT_MS,
  MAX_URL_LENGTH,
  MAX_WAIT_MS,
} from '../limits.js';
export { runAgentJob, startAgentJob } from '../llm/agent/agent-job.js';
export type { AgentAction } from '../llm/agent/agent-prompt.js';
export { agentRequestSchema, resolveAgentRequest } from '../llm/agent/agent-request.js';
export { toAgentListItem, toAgentStatus } from '../llm/agent/agent-status.js';
export {
  deepResearchRequestSchema,
  deepResearchToAgent,
  toDeepResearchStatus,
  type DeepResearchShape,
} from '../llm/agent/deep-research.js';
export { finishAnswer } from '../llm/extract-from-text.js';
export { runExtractJob, startExtractJob } from '../llm/extract/extract-job.js';
export { resolveExtractRequest } from '../llm/extract/extract-request.js';
export { rankByRelevance, relevanceQuery } from '../llm/extract/rank-pages.js';
export { EXTRACT_SEARCH_HITS } from '../llm/extract/run-extract.js';
export { isUrlPattern, matchesUrlPattern, patternBase } from '../llm/extract/url-patterns.js';
export { assertLlmAvailable, LLM_PAGE_CREDITS } from '../llm/llm-formats.js';
export { toExtractStatus, toLlmsTxtStatus } from '../llm/llm-job-status.js';
export { LLMSTXT_CALL_CREDITS, LLMSTXT_PAGE_CREDITS, runLlmsTxtJob, startLlmsTxtJob } from '../llm/llmstxt/llmstxt-job.js';
export { llmsTxtOf, summaryFromPage } from '../llm/llmstxt/llmstxt-text.js';
export { NO_LLM_WARNING } from '../llm/llmstxt/run-llmstxt.js';
export { mergeAnswers } from '../llm/merge-answers.js';
export { llmMissing, requireLlm } from '../llm/missing-llm.js';
export { nullableSchema } from '../llm/nullable-schema.js';
export { splitContent } from '../llm/split-content.js';
export type { LlmJobSpec } from '../llm/stored-job.js';
export { llmExtractionOf, withV0Extractor } from '../llm/v0-extractor.js';
export { changeTrackingOptionsSchema, V2_DEFAULT_MAX_AGE_MS } from '../memory/options.js';
export type { PageMemoryRequest } from '../memory/page-memory.js';
export { memoryRequestOf, type PageMemoryOptions } from '../memory/through-memory.js';
export { runMonitorNow } from '../monitors/manual-run.js';
export { startMonitorScheduler, type MonitorScheduler } from '../monitors/monitor-scheduler.js';
export type {
  MonitorCheckBody,
  MonitorCheckPage,
  MonitorPageStatus,
  MonitorSpec,
  MonitorState,
  MonitorSummary,
  MonitorTargetSpec,
  MonitorWebhook,
} from '../monitors/monitor-spec.js';
export { nextRunAfter, normalizeSchedule } from '../monitors/schedule.js';
export {
  actionSchema,
  formatSchema,
  PDF_PAPER_FORMATS,
  requestHeadersSchema,
  screenshotQualitySchema,
  viewportSchema,
} from '../options.js';
export { looksRenderedByJavaScript, planEngine } from '../pipeline/engine-choice.js';
export { STEALTH_PROXY_CREDITS, usedStealthProxy } from '../pipeline/page-ladder.js';
export { RUNTIME_OPTION_KEYS, withoutStore } from '../runtime/runtime.js';
export { teamRuntime } from '../runtime/team-runtime.js';
export { v0SearchCall, v0SearchResponse, v1SearchCall, v1SearchResponse, type SearchCall } from '../search/api-shapes.js';
export { DEFAULT_SEARCH_LIMIT } from '../search/search-and-scrape.js';
export { DEFAULT_CONVERT_DEADLINE_MS } from '../settings/defaults.js';
export { isStoreOutage } from '../stores/store-outage.js';
export { createLinkFilter } from '../url/filters.js';
export { assertAllowedTarget, parseTargetUrl } from '../url/guard.js';
export { userRegexProblem } from '../url/patterns.js';
export { parseTypedUrl, typedTargetUrl } from '../url/typed-url.js';
export { refineTotalWait, refineWaitForWithinTimeout } from '../wait-rules.js';
