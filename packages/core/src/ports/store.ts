/**
 * The Store port: where every piece of job state lives (records, results, frontier, team ledger),
 * so that a restarted server or a killed worker loses nothing. Implementations: the in-memory
 * store in core, SQLite and Redis adapters, and users' own. `@trawl/core/testing`'s `testStore`
 * checks any of them against this contract; docs/adapters.md explains each guarantee.
 *
 * Rules shared by every method:
 * - Everything is async, because real stores do I/O.
 * - Times are epoch milliseconds (UTC numbers): cheap to compare, index and serialise.
 * - Values marked "opaque JSON" are never interpreted by the store; they must survive
 *   `JSON.stringify`/`JSON.parse`, and stores hand back copies, never live references.
 * - Contract outcomes (id taken, status mismatch, stale lease, refused reservation) are return
 *   values. A rejected promise means the store itself failed (I/O, connection) or was
 *   called with invalid arguments.
 */
import type { Document } from '../document.js';
import type { PageErrorCode, TrawlErrorCode } from '../error-codes.js';

/** Any JSON-serialisable value; the store stores and returns it without looking inside. */
export type OpaqueJson = unknown;

/** `scrape`: one finished scrape kept so `GET /v2/scrape/{id}` can read it again while retained; `agent`: an agent (or v1 deep research) run. */
export type JobKind = 'crawl' | 'batch_scrape' | 'extract' | 'llmstxt' | 'scrape' | 'agent';

/** `scraping` is the only live state; the other three are terminal. */
export type JobStatus = 'scraping' | 'completed' | 'failed' | 'cancelled';

export interface JobCounters {
  /** URLs accepted for the job (discovered or given), i.e. pages it will attempt. */
  total: number;
  /** Pages that produced a document. */
  completed: number;
  /** Pages that ended in an error. */
  failed: number;
  creditsUsed: number;
}

/** Integer amounts added to counters; absent counters are left alone. */
export type CounterDelta = Partial<JobCounters>;

export interface JobError {
  code: TrawlErrorCode;
  message: string;
}

export interface JobRecord {
  id: string;
  kind: JobKind;
  teamId: string;
  status: JobStatus;
  /** Epoch ms, given by the creator. */
  createdAt: number;
  /** Epoch ms of the last write, stamped by the store's clock. */
  updatedAt: number;
  /** Epoch ms after which the job reads as missing and may be swept. */
  expiresAt: number;
  counters: JobCounters;
  /** True once the job stopped seeding its frontier (start URL, sitemaps, batch URLs). */
  kickoffFinished: boolean;
  /** The job's options (opaque JSON). */
  options: OpaqueJson;
  /** Why the job failed. */
  error?: JobError;
  /** Output of extract / llms.txt jobs (opaque JSON). */
  output?: OpaqueJson;
}

/** What a creator supplies; the store starts the job as `scraping` with zero counters. */
export interface NewJob {
  id: string;
  kind: JobKind;
  teamId: string;
  options: OpaqueJson;
  createdAt: number;
  expiresAt: number;
}

/** Fields a status change may set at the same time, atomically with it. */
export interface JobPatch {
  error?: JobError;
  output?: OpaqueJson;
  kickoffFinished?: boolean;
  expiresAt?: number;
}

export interface JobRepo {
  /** Stores a new job in `scraping`. Resolves null when the id is already taken. */
  create(job: NewJob): Promise<JobRecord | null>;
  /** Null when the job is missing or expired (`expiresAt <= now`). */
  get(id: string): Promise<JobRecord | null>;
  /**
   * Compare-and-set: when the current status is `from` (or one of `from`), sets `to` and applies
   * `patch` in one atomic step and resolves the updated record. Resolves null when the status did
   * not match or the job is missing or expired. `from` equal to `to` is a guarded patch.
   */
  setStatus(id: string, from: JobStatus | readonly JobStatus[], to: JobStatus, patch?: JobPatch): Promise<JobRecord | null>;
  /** Adds `delta` to the counters atomically (concurrent calls all count). Null when missing or expired. */
  increment(id: string, delta: CounterDelta): Promise<JobRecord | null>;
  /** Replaces the job's output, whatever its status. Null when missing or expired. */
  saveOutput(id: string, output: OpaqueJson): Promise<JobRecord | null>;
  /**
   * The team's jobs of `kind` still in `scraping` (not expired), oldest first (by `createdAt`,
   * then id), at most `limit` of them: v2's `GET /v2/crawl/active`.
   */
  listRunning(query: { teamId: string; kind: JobKind; limit: number }): Promise<JobRecord[]>;
  /**
   * The team's jobs of `kind` in any status (not expired), newest first (by `createdAt`, then id
   * descending), at most `limit`: v2's `GET /v2/agent`. With `before` (epoch ms), only the jobs
   * that come after that point in this order: created before it, or, with `beforeId` too,
   * created at it with an id below `beforeId` (so a page that ends on one of several jobs created
   * in the same millisecond continues with the others instead of skipping them).
   */
  listByTeam(query: JobListQuery): Promise<JobRecord[]>;
  /** Ids of jobs with `expiresAt <= before`, at most `limit` of them, in no promised order. */
  listExpired(query: { before: number; limit: number }): Promise<string[]>;
  /**
   * Deletes the job with everything belonging to it: its results and its frontier (seen keys,
   * pending and leased items). Resolves true when a job record existed.
   */
  delete(id: string): Promise<boolean>;
}

/** One line of a job's result log. */
export type ResultEntry = DocumentEntry | ErrorEntry | RobotsBlockedEntry;
export type ResultKind = ResultEntry['kind'];

export interface DocumentEntry {
  kind: 'document';
  url: string;
  document: Document;
}

export interface ErrorEntry {
  kind: 'error';
  /** Unique id of this failure (the errors report lists it). */
  id: string;
  url: string;
  error: string;
  code?: TrawlErrorCode | PageErrorCode;
  /** Epoch ms of the failure. */
  at: number;
}

export interface RobotsBlockedEntry {
  kind: 'robots_blocked';
  url: string;
}

export interface ResultQuery {
  /** Position in the selected sequence: all entries, or only those of `kind`. */
  offset: number;
  /** At least 1. */
  maxCount: number;
  /**
   * Bound on the summed UTF-8 byte length of `JSON.stringify(entry)` of the returned entries.
   * A page always holds at least one entry when one exists at `offset`, even a larger one.
   */
  maxBytes: number;
  kind?: ResultKind;
}

export interface ResultPage {
  entries: ResultEntry[];
  /** Offset to read from next, or null when no entries exist past this page at the moment. */
  next: number | null;
}

/** An append-only log per job. Each kind is also its own sequence with its own offsets. */
export interface ResultLog {
  /** Appends in order; the entries of one call stay contiguous even under concurrency. */
  append(jobId: string, entries: readonly ResultEntry[]): Promise<void>;
  read(jobId: string, query: ResultQuery): Promise<ResultPage>;
  count(jobId: string, kind?: ResultKind): Promise<number>;
}

/** A URL offered to the frontier. `key` is the normalised form core computed for dedupe. */
export interface FrontierEntry {
  url: string;
  key: string;
  depth: number;
  /** Opaque JSON carried with the item (e.g. the referrer). */
  data?: OpaqueJson;
}

export interface FrontierItem extends FrontierEntry {
  /** How many times the item has been leased, this lease included (0 before its first lease). */
  attempt: number;
}

/** What `JobStore.listByTeam` reads: one team's jobs of one kind, a page at a time. */
export interface JobListQuery {
  teamId: string;
  kind: JobKind;
  /** Epoch ms: list only jobs created before this (see `beforeId`). */
  before?: number;
  /** With `before`: also list jobs created exactly at `before` whose id sorts below this one. */
  beforeId?: string;
  limit: number;
}

/** A claim on one item until `deadline`; ack or retry it before then. */
/** What a worker asks the frontier for: up to `max` pages, held for `leaseMs`. */
export interface LeaseRequest {
  max: number;
  leaseMs: number;
  /** Only this job's pages. */
  jobId?: string;
  /** Leases from any job: at most this many pages of a team (LeaseTurns.pick's `roomOf`). */
  teamRoom?: (teamId: string) => number;
}

export interface Lease {
  /** Unique per hand-out: the same item leased again gets a new id. */
  id: string;
  jobId: string;
  item: FrontierItem;
  /** Epoch ms (store clock) after which the item may be handed to someone else. */
  deadline: number;
}

export interface FrontierStats {
  /** Waiting to be leased, including items whose `notBefore` is in the future. */
  pending: number;
  /** Handed out and neither acked, retried nor expired. */
  leased: number;
  /** Acked. */
  done: number;
  /** Distinct keys ever accepted: pending + leased + done. */
  seen: number;
}

export interface Frontier {
  /**
   * Accepts each entry whose key the job has never accepted before, in order, and resolves the
   * accepted ones. With `limit`, accepts only while fewer than `limit` of the job's keys hold a
   * place under it: each key accepted with a limit takes a place, keys accepted without one (a
   * crawl's kickoff, a claimed redirect target) take none, and `freePlace` gives one back. The
   * check and the accept are one atomic step, whoever enqueues at the same time.
   */
  enqueue(jobId: string, entries: readonly FrontierEntry[], options?: { limit?: number }): Promise<FrontierEntry[]>;
  /**
   * Gives back the place a key accepted with a limit took, once that key turned out not to be a
   * page (a redirect to a page the job already has). Call it once per such key; never below 0.
   */
  freePlace(jobId: string): Promise<void>;
  /**
   * Hands out up to `max` ready items (of `jobId`, or of any job: teams in turn, then each
   * team's jobs, see LeaseTurns), each job's in first-enqueue order, skipping items whose
   * `notBefore` has not come. An item is never held by two live
   * leases. An item whose lease passed its deadline unacked is ready again. A lease from any job
   * with `teamRoom` hands out at most `teamRoom(teamId)` pages of a team (a worker's per-team
   * cap on its slots); a lease of one job ignores it.
   */
  lease(request: LeaseRequest): Promise<Lease[]>;
  /**
   * Marks the leased item done. Resolves true only for the call that did so: false when it was
   * already done, or when the lease is stale (its item was handed out again since).
   */
  ack(lease: Lease): Promise<boolean>;
  /**
   * Returns the leased item to the queue, leasable again from `notBefore` (epoch ms, store clock)
   * at its original place in the order. Resolves false, doing nothing, for a done item or stale lease.
   */
  retry(lease: Lease, options?: { notBefore?: number }): Promise<boolean>;
  stats(jobId: string): Promise<FrontierStats>;
  /** True when the job has nothing pending and nothing leased. */
  isDrained(jobId: string): Promise<boolean>;
}

/**
 * Credits taken from a team's balance for work about to run. Hand it back once, to `settle` with
 * the work's real cost or to `release` when the work failed; it is plain JSON (no store state).
 */
export interface CreditHold {
  teamId: string;
  /** Credits taken from the balance: the amount reserved, or 0 for an unlimited team. */
  amount: number;
  /**
   * Names the hold (every hold with an amount above 0 has one): the store keeps the hold under it
   * until it is settled, settles it once however often asked (a settle tried again after its
   * answer was lost), and reclaims it when its owner stopped (see `reclaimHolds`).
   */
  id?: string;
}

/**
 * The live process a hold belongs to. While the owner renews (`reserve` and `renewHolds` do),
 * its holds are its own; once it stopped renewing for `leaseMs`, any process may reclaim them.
 */
export interface HoldOwner {
  /** Unique per process (a random id taken at start). */
  id: string;
  /** How long after this call the owner counts as alive (store clock). */
  leaseMs: number;
}

export interface CreditReservation {
  /** False when the balance could not cover the amount: nothing was taken. */
  ok: boolean;
  /** The balance after the call; null when the team is unlimited. */
  remaining: number | null;
  /** What to settle or release; null when refused. */
  hold: CreditHold | null;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits still allowed in the current window. */
  remaining: number;
  /** 0 when allowed; otherwise how long until a hit can be allowed again. */
  retryAfterMs: number;
}

/**
 * What a piece of work used, kept in its team's usage history: the credits it was charged and the
 * LLM tokens the model provider reported for it. Absent amounts add 0.
 */
export interface UsageAmounts {
  /** Credits charged (finite, >= 0). */
  credits: number;
  /** LLM tokens (integers >= 0), as the provider counted them. */
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** Where usage is filed: a period of the caller's choosing and the API key that spent it. */
export interface UsageSlot {
  /** Start of the period, epoch ms (an integer); core files usage by UTC calendar month. */
  period: number;
  /** A label of the API key (non-empty), or null when the request came with none (an open server). */
  apiKey: string | null;
}

/** One slot's totals. */
export interface UsageRow extends UsageSlot, UsageAmounts {}

export interface TeamLedger {
  /** The team's credit balance; null (unlimited) when never set. */
  getCredits(teamId: string): Promise<number | null>;
  /** Sets the balance; null makes the team unlimited. */
  setCredits(teamId: string, credits: number | null): Promise<void>;
  /**
   * Takes `amount` (>= 0, the most the coming work can cost) from the balance atomically, before
   * the work; refuses, taking nothing, when the balance is smaller. Concurrent reservations, from
   * any number of processes, never take more than the balance held.
   */
  reserve(teamId: string, amount: number, owner?: HoldOwner): Promise<CreditReservation>;
  /**
   * The held work is done and cost `cost` (>= 0; at most `hold.amount` is kept): gives the rest
   * of the hold back to the balance atomically, once per hold id (a second settle of the same
   * hold changes nothing). A hold reclaimed meanwhile (its owner looked stopped) was given back
   * whole: settling it takes what was kept, `min(cost, hold.amount)`, from the balance now (the
   * balance may go below 0), because the work was done after all. A team made unlimited
   * meanwhile stays unlimited. With `usage`, what was kept is added to the team's usage row of
   * that slot in the same atomic step (and only when the settle changed the balance), so the
   * history always counts what the balance was charged, also across a crash.
   */
  settle(hold: CreditHold, cost: number, usage?: UsageSlot): Promise<void>;
  /** The held work failed: gives the whole hold back (settles at cost 0). */
  release(hold: CreditHold): Promise<void>;
  /** Keeps `owner` alive for its `leaseMs` more: its holds are not reclaimed meanwhile. */
  renewHolds(owner: HoldOwner): Promise<void>;
  /**
   * Gives back, whole, every unsettled hold whose owner stopped renewing (its lease lapsed, by the
   * store's clock) and resolves them: the work of a killed process is never charged, and its
   * credits do not stay taken. Each hold is reclaimed once, also when processes sweep at once.
   */
  reclaimHolds(): Promise<CreditHold[]>;
  /**
   * Counts one hit against `key`: allowed while fewer than `limit` hits were allowed in the
   * current window of `windowMs`. Refused hits do not count.
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /**
   * Adds `amounts` to the team's row of `slot`, created at zero. Concurrent adds, from any number
   * of processes, all count. Rejects (RangeError) a negative or non-finite amount, tokens that are
   * not integers, a period that is not an integer and an empty `apiKey`. With `once` (a
   * settlement's id), the add counts once per id, however often it is tried (a retry after the
   * answer was lost); the store remembers the id at least 7 days.
   */
  addUsage(teamId: string, slot: UsageSlot, amounts: Partial<UsageAmounts>, once?: string): Promise<void>;
  /** The team's rows whose period is `since` or later (default: every row), in no promised order. */
  listUsage(teamId: string, since?: number): Promise<UsageRow[]>;
}

/**
 * The last scrape of a page, kept so a later request can be served from it (the scrape cache) or
 * compared with it (change tracking, monitors). Core chooses `key`: the URL with the options that
 * change the output, and a change-tracking tag; the store only matches it exactly.
 */
export interface PageSnapshot {
  teamId: string;
  /** Non-empty; at most 1,024 characters. */
  key: string;
  url: string;
  /** Epoch ms of the scrape. */
  scrapedAt: number;
  /** A digest of the compared content (after noise is taken out), so "same" needs no diff. */
  contentHash: string;
  /** The page's Markdown, the text change tracking diffs. */
  markdown: string;
  /** The HTTP status the page answered with. */
  statusCode: number;
  /** The whole document, when it may serve a cache hit (opaque JSON). */
  document?: OpaqueJson;
}

export interface PageMemory {
  /** The latest snapshot of `key` for the team, or null. */
  recall(teamId: string, key: string): Promise<PageSnapshot | null>;
  /**
   * Makes `snapshot` the latest for its team and key and resolves the one it replaced (null when
   * none), in one atomic step: concurrent calls on one key each get a different predecessor. Then
   * keeps at most `keep` (>= 1) snapshots for the team, dropping the least recently scraped.
   */
  remember(snapshot: PageSnapshot, options: { keep: number }): Promise<PageSnapshot | null>;
}

/** A scheduled set of checks (a v2 monitor). */
export interface MonitorRecord {
  id: string;
  teamId: string;
  /** Epoch ms, given by the creator. */
  createdAt: number;
  /** Epoch ms of the last write, stamped by the store's clock. */
  updatedAt: number;
  /** The definition: name, targets, schedule, webhook… (opaque JSON). */
  spec: OpaqueJson;
  /** When the next check is due (epoch ms); null while the monitor is paused. */
  nextRunAt: number | null;
  /** What the checks left behind, e.g. the last run's time and summary (opaque JSON). */
  state?: OpaqueJson;
}

export interface NewMonitor {
  id: string;
  teamId: string;
  createdAt: number;
  spec: OpaqueJson;
  nextRunAt: number | null;
}

/** Fields an update replaces; absent ones are left alone. */
export interface MonitorPatch {
  spec?: OpaqueJson;
  nextRunAt?: number | null;
  state?: OpaqueJson;
  /** Events to add to the outbox in the same atomic write (a manual check's webhooks). */
  events?: readonly MonitorEventRecord[];
}

/**
 * A monitor event waiting for delivery (the outbox): written in the same atomic step as the
 * check that caused it, deleted once delivered, so a process that dies in between loses nothing.
 */
export interface MonitorEventRecord {
  /** Stable: writing an id the outbox already holds changes nothing. */
  id: string;
  monitorId: string;
  /** Epoch ms; pending events list oldest first by it. */
  createdAt: number;
  /** What to deliver and where (opaque JSON). */
  event: OpaqueJson;
}

/** One worker's hold on one due time of a monitor, until `deadline`. */
export interface MonitorClaim {
  /** Unique per hand-out. */
  token: string;
  /** The due time claimed: the monitor's `nextRunAt` when it was claimed. */
  dueAt: number;
  /** Epoch ms (store clock) after which the same due time may be claimed again. */
  deadline: number;
  monitor: MonitorRecord;
}

/** How many of a monitor's checks `saveCheck` keeps: the newest `keep`, none older than `maxAgeMs`. */
export interface CheckRetention {
  keep: number;
  /** Positive integer ms: checks created longer ago than this (store clock) are dropped. */
  maxAgeMs?: number;
}

/** One check of a monitor (opaque JSON body: status, summary, pages). */
export interface MonitorCheckRecord {
  id: string;
  monitorId: string;
  /** Epoch ms the check was created; checks list newest first by it. */
  createdAt: number;
  check: OpaqueJson;
}

export interface MonitorRepo {
  /** Stores a new monitor. Resolves null when the id is already taken. */
  create(monitor: NewMonitor): Promise<MonitorRecord | null>;
  get(id: string): Promise<MonitorRecord | null>;
  /** The team's monitors, oldest first (by `createdAt`, then id), from `offset`, at most `limit`. */
  list(teamId: string, page: { offset: number; limit: number }): Promise<MonitorRecord[]>;
  /** Applies `patch`; null when the monitor is missing. A claim in progress is left alone. */
  update(id: string, patch: MonitorPatch): Promise<MonitorRecord | null>;
  /** Deletes the monitor and its checks (its pending events stay, to be delivered). Resolves true when it existed. */
  delete(id: string): Promise<boolean>;
  /**
   * Claims up to `max` monitors whose `nextRunAt` has come (store clock) and that no live claim
   * holds, earliest due first, each until now + `leaseMs`. One due time is never held by two live
   * claims, across every process sharing the store; a claim that lapsed unfinished (its worker
   * died) lets the same due time be claimed again.
   */
  claimDue(request: { max: number; leaseMs: number }): Promise<MonitorClaim[]>;
  /**
   * Ends a claim: sets `nextRunAt` (and `state` when given), adds `events` to the outbox and drops
   * the claim, atomically, only while the claim is the monitor's current one and `nextRunAt` still
   * equals its due time. Resolves true for that one call; false (changing nothing, adding no
   * event) for a lapsed-and-retaken claim, a monitor rescheduled or deleted meanwhile, or a second call.
   */
  finishRun(
    claim: MonitorClaim,
    next: { nextRunAt: number | null; state?: OpaqueJson; events?: readonly MonitorEventRecord[] },
  ): Promise<boolean>;
  /**
   * Stores `check` under its monitor, replacing one with the same id, then keeps the monitor's
   * newest `keep` (>= 1) checks and, with `maxAgeMs`, drops every check created before the store
   * clock's now - `maxAgeMs` (a monitor's `retentionDays`). Ignored when the monitor is missing.
   * With `maxAgeMs`, the check expires at `createdAt + maxAgeMs` (see sweepChecks).
   */
  saveCheck(check: MonitorCheckRecord, options: CheckRetention): Promise<void>;
  /**
   * Deletes up to `limit` (>= 1) checks, of any monitor, whose expiry (set by saveCheck) is at or
   * before the store clock's now; resolves how many it deleted. Checks saved without `maxAgeMs`
   * never expire this way. The API's sweeper calls it, so retention holds for monitors that no
   * longer run.
   */
  sweepChecks(request: { limit: number }): Promise<number>;
  /** Up to `limit` (>= 1) events of the outbox, oldest first (by `createdAt`, then id). */
  pendingEvents(request: { limit: number }): Promise<MonitorEventRecord[]>;
  /** Removes a delivered event from the outbox. Resolves true when it was there. */
  deleteEvent(id: string): Promise<boolean>;
  getCheck(monitorId: string, checkId: string): Promise<MonitorCheckRecord | null>;
  /** The monitor's checks, newest first (by `createdAt`, then id descending), from `offset`, at most `limit`. */
  listChecks(monitorId: string, page: { offset: number; limit: number }): Promise<MonitorCheckRecord[]>;
}

export interface HostPacer {
  /** Resolves when a request to `host` (`host:port`) may start: at most one per `intervalMs` across processes. Rejects when `signal` aborts. */
  waitTurn(host: string, intervalMs: number, signal?: AbortSignal): Promise<void>;
}

export interface Store {
  readonly jobs: JobRepo;
  readonly results: ResultLog;
  readonly frontier: Frontier;
  readonly teams: TeamLedger;
  /** The last scrape of each page: the scrape cache and change tracking. */
  readonly pages: PageMemory;
  readonly monitors: MonitorRepo;
  /**
   * Optional: spaces request starts on one host across every process sharing the store, so a
   * crawl delay or robots.txt Crawl-delay holds however many workers crawl a site. Without it,
   * each process paces its own requests.
   */
  readonly hostPacer?: HostPacer;
  /** Releases connections and memory. Idempotent; the store is not used afterwards. */
  close(): Promise<void>;
}
