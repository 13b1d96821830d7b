/** Core's LLM features: everything that needs only the LlmProvider port (ports/llm.ts). */
export { LLM_SETTINGS_HINT, llmMissing, requireLlm } from './missing-llm.js';
export { estimateTokens, splitContent, contentCharsFor, answerReserve, CHARS_PER_TOKEN, type ContentBudget } from './split-content.js';
export { nullableSchema, withoutOptionalNulls, missingRequired } from './nullable-schema.js';
export { mergeAnswers, canonicalKey, type SourcedAnswer, type MergedAnswer } from './merge-answers.js';
export { extractFromText, finishAnswer, type TextExtraction, type TextExtractionResult } from './extract-from-text.js';
export {
  applyLlmFormats,
  assertLlmAvailable,
  conversionOptions,
  llmFeaturesOf,
  pageCredits,
  LLM_PAGE_CREDITS,
} from './llm-formats.js';
export { describeImages, imagesWithoutAlt, type AltTextContext, type AltTextResult } from './alt-text.js';
export { isV0LlmExtraction, llmExtractionOf, v0ExtractorToJsonOptions, withV0Extractor, type V0ExtractorOptions } from './v0-extractor.js';
export type { LlmJobOptions, LlmJobRun } from './llm-runtime.js';
export type { StartLlmJobInput, LlmJobSpec } from './stored-job.js';
export {
  extractRequestSchema,
  resolveExtractRequest,
  EXTRACT_DEFAULT_PAGE_LIMIT,
  EXTRACT_MAX_PAGE_LIMIT,
  type ExtractRequest,
  type ExtractRequestInput,
} from './extract/extract-request.js';
export { isUrlPattern, matchesUrlPattern, patternBase } from './extract/url-patterns.js';
export { rankByRelevance, relevanceQuery } from './extract/rank-pages.js';
export { expandExtractUrls, type ExpandedUrls } from './extract/expand-urls.js';
export { runExtraction, EXTRACT_SEARCH_HITS, type ExtractOutput, type ExtractHooks } from './extract/run-extract.js';
export { extract, runExtractJob, startExtractJob } from './extract/extract-job.js';
export {
  llmsTxtRequestSchema,
  resolveLlmsTxtRequest,
  LLMSTXT_DEFAULT_MAX_URLS,
  LLMSTXT_MAX_URLS,
  type LlmsTxtRequest,
  type LlmsTxtRequestInput,
} from './llmstxt/llmstxt-request.js';
export { llmsTxtOf, llmsFullTxtOf, summaryFromPage, type PageSummary } from './llmstxt/llmstxt-text.js';
export { runLlmsTxt, NO_LLM_WARNING, type LlmsTxtOutput, type LlmsTxtHooks } from './llmstxt/run-llmstxt.js';
export { generateLlmsTxt, runLlmsTxtJob, startLlmsTxtJob, LLMSTXT_CALL_CREDITS, LLMSTXT_PAGE_CREDITS } from './llmstxt/llmstxt-job.js';
export { toExtractStatus, toLlmsTxtStatus, type ExtractStatus, type LlmsTxtStatus, type LlmJobState } from './llm-job-status.js';
export {
  agentRequestSchema,
  resolveAgentRequest,
  AGENT_DEFAULT_MAX_CREDITS,
  AGENT_MAX_CREDITS,
  type AgentRequest,
  type AgentRequestInput,
} from './agent/agent-request.js';
export { budgetFor, EFFORT_BUDGETS, AGENT_CREDITS, type AgentBudget, type AgentEffort } from './agent/agent-budget.js';
export { toolsFor, planCall, AGENT_SEARCH_HITS, AGENT_CRAWL_PAGES, type PlannedCall } from './agent/agent-tools.js';
export type { AgentAction } from './agent/agent-prompt.js';
export type { AgentSource } from './agent/agent-act.js';
export { runAgent, type AgentOutput, type AgentHooks } from './agent/run-agent.js';
export { agent, runAgentJob, startAgentJob, type AgentJobHooks } from './agent/agent-job.js';
export { toAgentStatus, toAgentListItem, AGENT_DEFAULT_MODEL, type AgentStatus, type AgentListItem } from './agent/agent-status.js';
export {
  deepResearchRequestSchema,
  deepResearchToAgent,
  toDeepResearchStatus,
  type DeepResearchRequest,
  type DeepResearchShape,
  type DeepResearchStatus,
} from './agent/deep-research.js';
