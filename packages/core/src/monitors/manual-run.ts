import { randomUUID } from 'node:crypto';
import type { MonitorRecord } from '../ports/store.js';
import type { MonitorReporting } from './monitor-reporting.js';
import type { MonitorCheck, MonitorCheckBody, MonitorState } from './monitor-spec.js';
import { emptySummary } from './monitor-spec.js';
import { checkRetentionOf, stateAfter } from './monitor-scheduler.js';
import { type MonitorCheckContext, runMonitorCheck } from './run-check.js';

export interface ManualRun {
  /** The check as it starts (`running`), to answer with at once. */
  started: MonitorCheck;
  /** Resolves with the finished check once its pages are recorded (never rejects). */
  done: Promise<MonitorCheckBody | null>;
}

/**
 * `runMonitor`: a check now, outside the schedule (trigger `manual`), in this process. It is
 * recorded as running at once, then replaced by the finished check; the schedule is left alone.
 * Its events enter the outbox with the monitor's new state, in one write, then are delivered.
 */
export async function runMonitorNow(
  ctx: Omit<MonitorCheckContext, 'onPage'> & MonitorReporting & { checksKept?: number },
  monitor: MonitorRecord,
): Promise<ManualRun> {
  const now = ctx.now ?? Date.now;
  const id = randomUUID();
  const at = new Date(now()).toISOString();
  const started: MonitorCheck = {
    id,
    monitorId: monitor.id,
    status: 'running',
    trigger: 'manual',
    scheduledFor: null,
    startedAt: at,
    finishedAt: null,
    estimatedCredits: null,
    reservedCredits: null,
    actualCredits: null,
    billingStatus: 'not_applicable',
    summary: emptySummary(),
    targetResults: [],
    error: null,
    createdAt: at,
    updatedAt: at,
  };
  const keep = checkRetentionOf(monitor, ctx.checksKept);
  await ctx.store.monitors.saveCheck({ id, monitorId: monitor.id, createdAt: Date.parse(at), check: { check: started, pages: [] } }, keep);
  const done = (async () => {
    const { eventsOf, deliver, ...checkCtx } = ctx;
    const outcome = await runMonitorCheck(checkCtx, monitor, { checkId: id, trigger: 'manual', scheduledFor: null });
    const { knownUrls: _known, ...body } = outcome;
    await ctx.store.monitors.saveCheck({ id, monitorId: monitor.id, createdAt: Date.parse(at), check: body }, keep);
    const events = eventsOf?.(monitor, body) ?? [];
    await ctx.store.monitors.update(monitor.id, { state: stateAfter(outcome, monitor.state as MonitorState | undefined), events });
    await deliver?.(ctx.store, events);
    return body;
  })().catch(() => null);
  return { started, done };
}
