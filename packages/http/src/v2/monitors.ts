/** `/v2/monitor`: scheduled checks of pages, as the 4.x SDK calls them (createMonitor … getMonitorCheck). */
import { randomUUID } from 'node:crypto';
import type { MonitorRecord } from '@trawl/core/ports';
import { type MonitorSpec, nextRunAfter, runMonitorNow } from '@trawl/core/server';
import { badRequest, codedError } from '../transport/api-error.js';
import { apiUrl } from '../transport/request-url.js';
import { checkBodyOf, monitorSpecOf, monitorView, updatedSpec } from '../monitors/monitor-plan.js';
import { createMonitorBodySchema, updateMonitorBodySchema } from '../schemas/monitor.js';
import { parseV2Body } from '../routes/parse-v2-body.js';
import type { ApiContext, RouteHandler, RouteRequest } from '../routes/types.js';

const MAX_LIST = 100;
const PAGE_STATUSES = new Set(['same', 'new', 'changed', 'removed', 'error']);

function notFound(): Error {
  return codedError('MONITOR_NOT_FOUND', 'Monitor not found: it never existed, was deleted or belongs to another team');
}

async function teamMonitor(api: ApiContext, request: RouteRequest): Promise<MonitorRecord> {
  const monitor = await api.runtime.store.monitors.get(request.params.id!);
  if (!monitor || monitor.teamId !== request.teamId) throw notFound();
  return monitor;
}

/** A whole number from the query within [min, max], or the default; anything else is a 400. */
function queryNumber(request: RouteRequest, name: string, fallback: number, max: number): number {
  const raw = request.location.query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw badRequest(
      [{ code: 'invalid_query', message: `${name} must be a whole number from 0 to ${max}`, path: [name] }],
      `Bad Request: ${name} must be a whole number from 0 to ${max}`,
    );
  }
  return value;
}

export const createMonitor: RouteHandler = async (request, api) => {
  const spec = monitorSpecOf(parseV2Body(createMonitorBodySchema, request.body));
  const now = Date.now();
  const record = await api.runtime.store.monitors.create({
    id: randomUUID(),
    teamId: request.teamId,
    createdAt: now,
    spec,
    nextRunAt: nextRunAfter(spec.schedule, now),
  });
  if (!record) throw new Error('a fresh monitor id was taken');
  return { body: { success: true, data: monitorView(record) } };
};

export const listMonitors: RouteHandler = async (request, api) => {
  const limit = Math.max(1, queryNumber(request, 'limit', MAX_LIST, MAX_LIST));
  const offset = queryNumber(request, 'offset', 0, Number.MAX_SAFE_INTEGER);
  const monitors = await api.runtime.store.monitors.list(request.teamId, { offset, limit });
  return { body: { success: true, data: monitors.map(monitorView) } };
};

export const getMonitor: RouteHandler = async (request, api) => ({
  body: { success: true, data: monitorView(await teamMonitor(api, request)) },
});

export const updateMonitor: RouteHandler = async (request, api) => {
  const monitor = await teamMonitor(api, request);
  const body = parseV2Body(updateMonitorBodySchema, request.body);
  const spec = updatedSpec(monitor.spec as MonitorSpec, body);
  // A new schedule or a resumed monitor runs next from now; a paused one not at all.
  const reschedule = body.schedule !== undefined || body.status !== undefined;
  const nextRunAt = spec.status === 'paused' ? null : nextRunAfter(spec.schedule, Date.now());
  const updated = await api.runtime.store.monitors.update(monitor.id, { spec, ...(reschedule ? { nextRunAt } : {}) });
  if (!updated) throw notFound();
  return { body: { success: true, data: monitorView(updated) } };
};

export const deleteMonitor: RouteHandler = async (request, api) => {
  const monitor = await teamMonitor(api, request);
  await api.runtime.store.monitors.delete(monitor.id);
  return { body: { success: true } };
};

/** A check now, outside the schedule: answered at once with the running check; its pages follow. */
export const runMonitor: RouteHandler = async (request, api) => {
  const monitor = await teamMonitor(api, request);
  const run = await runMonitorNow(
    { store: api.runtime.store, runtime: api.runtime, pageMemory: api.pageMemory, ...api.monitorHooks },
    monitor,
  );
  return { body: { success: true, data: run.started } };
};

export const listMonitorChecks: RouteHandler = async (request, api) => {
  const monitor = await teamMonitor(api, request);
  const limit = Math.max(1, queryNumber(request, 'limit', 20, MAX_LIST));
  const offset = queryNumber(request, 'offset', 0, Number.MAX_SAFE_INTEGER);
  const checks = await api.runtime.store.monitors.listChecks(monitor.id, { offset, limit });
  return { body: { success: true, data: checks.map((record) => checkBodyOf(record.check).check) } };
};

/** One check with its pages, `limit` at a time from `skip`, optionally of one `status`; `next` pages on. */
export const getMonitorCheck: RouteHandler = async (request, api) => {
  const monitor = await teamMonitor(api, request);
  const record = await api.runtime.store.monitors.getCheck(monitor.id, request.params.checkId!);
  if (!record) throw codedError('MONITOR_NOT_FOUND', 'Monitor check not found');
  const { check, pages } = checkBodyOf(record.check);
  const status = request.location.query.get('status');
  if (status !== null && !PAGE_STATUSES.has(status)) {
    throw badRequest(
      [{ code: 'invalid_query', message: 'status must be same, new, changed, removed or error', path: ['status'] }],
      'Bad Request: status must be same, new, changed, removed or error',
    );
  }
  const selected = status === null ? pages : pages.filter((page) => page.status === status);
  const limit = Math.max(1, queryNumber(request, 'limit', MAX_LIST, MAX_LIST));
  const skip = queryNumber(request, 'skip', 0, Number.MAX_SAFE_INTEGER);
  const more = skip + limit < selected.length;
  const query = new URLSearchParams({ skip: String(skip + limit), limit: String(limit), ...(status === null ? {} : { status }) });
  const next = more ? apiUrl(request.location, `/v2/monitor/${monitor.id}/checks/${check.id}?${query}`) : null;
  return { body: { success: true, data: { ...check, pages: selected.slice(skip, skip + limit), next }, next } };
};
