/**
 * A `/v2/monitor` body in core's terms (MonitorSpec), and a stored monitor and its checks
 * as the 4.x SDK reads them (Monitor, MonitorCheck, MonitorCheckDetail). Pure.
 */
import { randomUUID } from 'node:crypto';
import type { ChangeTrackingOptions, ScrapeOptionsInput } from '@trawl/core';
import { type MonitorCheckBody, type MonitorSpec, type MonitorState, type MonitorTargetSpec, normalizeSchedule } from '@trawl/core/server';
import type { MonitorRecord } from '@trawl/core/ports';
import { badRequest, notImplemented } from '../transport/api-error.js';
import type { CreateMonitorBody, MonitorTargetBody, UpdateMonitorBody } from '../schemas/monitor.js';
import { MAX_CRAWL_TARGET_PAGES } from '../schemas/monitor.js';
import { planV2Scrape } from '../v2/scrape-plan.js';

const DEFAULT_RETENTION_DAYS = 30;
const DEFAULT_CRAWL_TARGET_PAGES = 100;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Targets in core's terms: ids given or made, scrape options planned as a v2 scrape's, change tracking per target. */
function planTargets(targets: readonly MonitorTargetBody[]): Pick<MonitorSpec, 'targets' | 'scrapeOptions' | 'changeTracking'> {
  const planned: MonitorTargetSpec[] = [];
  const scrapeOptions: Record<string, ScrapeOptionsInput> = {};
  const changeTracking: Record<string, ChangeTrackingOptions> = {};
  for (const [index, target] of targets.entries()) {
    if (target.type === 'search') throw notImplemented('A monitor "search" target (Firecrawl\'s web-scale monitoring)');
    const id = target.id ?? `target-${index + 1}-${randomUUID().slice(0, 8)}`;
    if (planned.some((other) => other.id === id))
      throw badRequest([{ code: 'duplicate_target', path: ['targets', index, 'id'] }], `Bad Request: two targets have the id ${id}`);
    const plan = planV2Scrape(target.scrapeOptions ?? {});
    scrapeOptions[id] = plan.scrapeOptions;
    changeTracking[id] = plan.memory.changeTracking ?? { modes: ['git-diff'] };
    const request = { ...target, id } as Record<string, unknown>;
    if (target.type === 'scrape') planned.push({ id, type: 'scrape', urls: target.urls, request });
    else {
      const limit = Math.min(target.crawlOptions?.limit ?? DEFAULT_CRAWL_TARGET_PAGES, MAX_CRAWL_TARGET_PAGES);
      const includeSubdomains = target.crawlOptions?.includeSubdomains;
      planned.push({
        id,
        type: 'crawl',
        url: target.url,
        limit,
        ...(includeSubdomains === undefined ? {} : { includeSubdomains }),
        request,
      });
    }
  }
  return { targets: planned, scrapeOptions, changeTracking };
}

function refuseHostedOnly(body: {
  notification?: unknown;
  judgeEnabled?: boolean | undefined;
  webhook?: { url: string } | null | undefined;
}): void {
  const email = (body.notification as { email?: { enabled?: boolean } } | null | undefined)?.email;
  if (email?.enabled) throw notImplemented("Monitor email notifications (Firecrawl's hosted mail)");
  if (body.judgeEnabled) throw notImplemented('The monitor judge (judgeEnabled)');
  if (body.webhook && !isHttpUrl(body.webhook.url)) {
    throw badRequest(
      [{ code: 'invalid_url', path: ['webhook', 'url'] }],
      'Bad Request: webhook.url must be an absolute http:// or https:// URL',
    );
  }
}

export function monitorSpecOf(body: CreateMonitorBody): MonitorSpec {
  refuseHostedOnly(body);
  return {
    name: body.name,
    status: 'active',
    schedule: normalizeSchedule(body.schedule),
    ...planTargets(body.targets),
    webhook: body.webhook ?? null,
    retentionDays: body.retentionDays ?? DEFAULT_RETENTION_DAYS,
    goal: body.goal ?? null,
    judgeEnabled: false,
  };
}

/** The spec after an update: what the body names replaces what the monitor had. */
export function updatedSpec(spec: MonitorSpec, body: UpdateMonitorBody): MonitorSpec {
  refuseHostedOnly(body);
  return {
    ...spec,
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.status === undefined ? {} : { status: body.status }),
    ...(body.schedule === undefined ? {} : { schedule: normalizeSchedule(body.schedule) }),
    ...(body.targets === undefined ? {} : planTargets(body.targets)),
    ...(body.webhook === undefined ? {} : { webhook: body.webhook }),
    ...(body.retentionDays === undefined ? {} : { retentionDays: body.retentionDays }),
    ...(body.goal === undefined ? {} : { goal: body.goal }),
  };
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** A stored monitor as the SDK's `Monitor`. */
export function monitorView(record: MonitorRecord) {
  const spec = record.spec as MonitorSpec;
  const state = (record.state ?? {}) as MonitorState;
  return {
    id: record.id,
    name: spec.name,
    status: spec.status,
    schedule: { cron: spec.schedule.cron, timezone: spec.schedule.timezone, ...(spec.schedule.text ? { text: spec.schedule.text } : {}) },
    nextRunAt: iso(record.nextRunAt),
    lastRunAt: state.lastRunAt ?? null,
    currentCheckId: state.currentCheckId ?? null,
    targets: spec.targets.map((target) => target.request),
    webhook: spec.webhook ?? null,
    notification: null,
    retentionDays: spec.retentionDays,
    estimatedCreditsPerMonth: null,
    lastCheckSummary: state.lastCheckSummary ?? null,
    goal: spec.goal ?? null,
    judgeEnabled: false,
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
  };
}

/** A check record's body (`MonitorCheckBody`), checked loosely: it is this server's own JSON. */
export function checkBodyOf(stored: unknown): MonitorCheckBody {
  return stored as MonitorCheckBody;
}
