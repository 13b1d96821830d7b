/**
 * `@trawl/core/ports`: what an adapter is written against. The ports (Store, Browser, LLM,
 * search), the records a Store keeps, the argument checks every Store makes, and the helpers the
 * shipped adapters share (leasing turns, outage errors, consent and challenge vocabulary for
 * browsers, the guarded DNS lookup). Conformance suites are in `@trawl/core/testing`.
 */
export { LITTLE_TEXT } from '../blocks/classify.js';
export {
  APP_ROOT_IDS,
  challengeSigns,
  CONSENT_CONTROLS,
  consentContainerSelectors,
  GOOGLE_CONSENT,
  LOADING_TEXT,
} from '../blocks/markers.js';
export { parseHtml } from '../content/dom/parse.js';
export { ALONE_AT_GATE_MS, createFairGate } from '../fairness/fair-gate.js';
export { LeaseTurns, type TeamRoom } from '../fairness/lease-turns.js';
export type { LoadedPage } from '../ports/loaded-page.js';
export type { Converter, ConvertRequest, PageContent, PageConversion } from '../ports/converter.js';
export { MAX_ACTION_OUTPUT_BYTES, MAX_SCREENSHOT_PIXELS, MAX_SCREENSHOT_SIDE, MAX_SCRIPT_RESULT_BYTES } from '../limits.js';
export type {
  Browser,
  BrowserLoadRequest,
  BrowserPageSession,
  BrowserSessionRequest,
  BrowserStorageState,
  PageCodeResult,
} from '../ports/browser.js';
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
} from '../ports/llm.js';
export type { SearchHit, SearchOptions, SearchProvider } from '../ports/search.js';
export {
  checkCutoff,
  isPastListCursor,
  refundOf,
  requireDueTime,
  requireFinite,
  requireInteger,
  requireOnceId,
  requireOwner,
  requirePage,
  requireSnapshot,
  SETTLED_KEPT_MS,
  usageAmounts,
} from '../ports/store-arguments.js';
export type {
  CheckRetention,
  CounterDelta,
  CreditHold,
  CreditReservation,
  DocumentEntry,
  ErrorEntry,
  Frontier,
  FrontierEntry,
  FrontierItem,
  FrontierStats,
  HoldOwner,
  HostPacer,
  JobCounters,
  JobError,
  JobKind,
  JobListQuery,
  JobPatch,
  JobRecord,
  JobRepo,
  JobStatus,
  Lease,
  LeaseRequest,
  MonitorCheckRecord,
  MonitorClaim,
  MonitorEventRecord,
  MonitorPatch,
  MonitorRecord,
  MonitorRepo,
  NewJob,
  NewMonitor,
  OpaqueJson,
  PageMemory,
  PageSnapshot,
  RateLimitResult,
  ResultEntry,
  ResultKind,
  ResultLog,
  ResultPage,
  ResultQuery,
  RobotsBlockedEntry,
  Store,
  TeamLedger,
  UsageAmounts,
  UsageRow,
  UsageSlot,
} from '../ports/store.js';
export { withOutageErrors } from '../stores/store-outage.js';
export { createGuardedLookup, isHostAllowedByPolicy, isNonPublicAddress } from '../url/ssrf.js';
