export { DEFAULT_RETENTION_MS, TERMINAL_STATUSES, expiryFrom, isTerminal, newJob, type JobClock } from './job-record.js';
export {
  applyJobDecision,
  decideJobEvent,
  nextJobState,
  type IgnoreReason,
  type JobDecision,
  type JobEvent,
} from './job-state.js';
export {
  applyJobEvent,
  cancelJob,
  finishJobIfDone,
  UNSETTLED_GRACE_MS,
  finishKickoff,
  recordPageOutcome,
  type CancelOutcome,
  type JobEventOptions,
  type JobEventOutcome,
  type PageOutcome,
  type RecordOutcome,
} from './job-events.js';
export {
  toErrorsReport,
  toV0CrawlState,
  toV0CrawlStatus,
  toV1JobStatus,
  type ErrorsReport,
  type V0CrawlState,
  type V0CrawlStatus,
  type V1JobStatus,
} from './status-views.js';
export {
  STATUS_PAGE_DEFAULT_COUNT,
  STATUS_PAGE_MAX_BYTES,
  V0_PARTIAL_DATA_MAX,
  nextSkip,
  readAllDocuments,
  readAllEntries,
  readErrorsReport,
  readLatestDocuments,
  readStatusPage,
  type StatusPage,
  type StatusPageRequest,
} from './result-pages.js';
export { sweepExpiredChecks, sweepExpiredJobs, type SweepOptions } from './expiry.js';
