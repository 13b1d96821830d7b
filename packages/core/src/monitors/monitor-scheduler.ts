/**
 * Runs monitors' checks when they are due, in any number of processes sharing a store: each due
 * time is claimed in the Store (MonitorRepo.claimDue), so one process checks it; a process that
 * dies mid-check lets its claim lapse and another runs that due time again, under the same check
 * id. Only the run whose finishRun the store accepts reports: its events enter the store's outbox
 * in that same write and are delivered from there (MonitorReporting), so each due time is
 * reported at least once, under stable event ids. Due times missed while no process ran are
 * caught up with one check: the monitor's `nextRunAt` stays at the first missed due time, which
 * is claimed as soon as a process polls; after it, the next due time is the first after now.
 */
import { createHash } from 'node:crypto';
import type { CheckRetention, MonitorClaim, MonitorRecord } from '../ports/store.js';
import { DEFAULT_LEASE_MS } from '../settings/defaults.js';
import type { MonitorReporting } from './monitor-reporting.js';
import type { MonitorSpec, MonitorState } from './monitor-spec.js';
import { type CheckOutcome, type MonitorCheckContext, runMonitorCheck } from './run-check.js';
import { nextRunAfter } from './schedule.js';

export interface MonitorSchedulerOptions extends Omit<MonitorCheckContext, 'onPage'>, MonitorReporting {
  /** How long a claimed check is this process's before another may run it (default: the page lease, 120 s). */
  leaseMs?: number;
  /** How often the store is asked for due checks (default 250 ms). */
  pollMs?: number;
  /** Checks run at once by this process (default 2). */
  maxChecks?: number;
  /** Checks kept per monitor (default 100). */
  checksKept?: number;
  onError?: (error: unknown) => void;
}

export interface MonitorScheduler {
  /** Stops claiming; resolves when the checks under way end. */
  stop(): Promise<void>;
}

export const DEFAULT_CHECKS_KEPT = 100;

const DAY_MS = 86_400_000;

/** What a monitor's checks keep: the newest `checksKept`, none older than its `retentionDays`. */
export function checkRetentionOf(monitor: MonitorRecord, checksKept = DEFAULT_CHECKS_KEPT): CheckRetention {
  const days = (monitor.spec as Partial<MonitorSpec>).retentionDays;
  return typeof days === 'number' && Number.isSafeInteger(days) && days > 0
    ? { keep: checksKept, maxAgeMs: days * DAY_MS }
    : { keep: checksKept };
}

/** A check id fixed by the monitor and due time, so a due time run twice (after a crash) is one check. */
export function scheduledCheckId(monitorId: string, dueAt: number): string {
  const hex = createHash('sha256').update(`${monitorId}\n${dueAt}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Saves a finished check and the monitor state it leaves. */
export function stateAfter(
  outcome: CheckOutcome,
  previous: MonitorState | undefined,
): MonitorState & { knownUrls: Record<string, string[]> } {
  return {
    ...previous,
    lastRunAt: outcome.check.finishedAt ?? outcome.check.startedAt ?? new Date().toISOString(),
    currentCheckId: null,
    lastCheckSummary: outcome.check.summary,
    knownUrls: outcome.knownUrls,
  };
}

export function startMonitorScheduler(options: MonitorSchedulerOptions): MonitorScheduler {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxChecks = options.maxChecks ?? 2;
  const running = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function runClaim(claim: MonitorClaim): Promise<void> {
    const monitor = claim.monitor;
    const spec = monitor.spec as MonitorSpec;
    const { eventsOf: _eventsOf, deliver: _deliver, ...ctx } = options;
    const outcome = await runMonitorCheck(ctx, monitor, {
      checkId: scheduledCheckId(monitor.id, claim.dueAt),
      trigger: 'scheduled',
      scheduledFor: claim.dueAt,
    });
    const { knownUrls: _known, ...body } = outcome;
    await options.store.monitors.saveCheck(
      { id: body.check.id, monitorId: monitor.id, createdAt: Date.parse(body.check.createdAt), check: body },
      checkRetentionOf(monitor, options.checksKept),
    );
    const nextRunAt = spec.status === 'active' ? nextRunAfter(spec.schedule, Math.max(now(), claim.dueAt)) : null;
    const events = options.eventsOf?.(monitor, body) ?? [];
    const finished = await options.store.monitors.finishRun(claim, {
      nextRunAt,
      state: stateAfter(outcome, monitor.state as MonitorState | undefined),
      events,
    });
    if (!finished) return; // another process ran this due time again after our claim lapsed, or the monitor changed
    await options.deliver?.(options.store, events);
  }

  async function poll(): Promise<void> {
    if (stopped) return;
    const free = maxChecks - running.size;
    if (free > 0) {
      const claims = await options.store.monitors.claimDue({ max: free, leaseMs });
      for (const claim of claims) {
        const work: Promise<void> = runClaim(claim)
          .catch((error: unknown) => options.onError?.(error))
          .finally(() => running.delete(work));
        running.add(work);
      }
    }
  }

  const tick = () => {
    poll()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs ?? 250);
      });
  };
  // Events a process killed before delivering them left in the outbox go out first.
  options.deliver?.(options.store).catch((error: unknown) => options.onError?.(error));
  tick();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
