import { randomUUID } from 'node:crypto';
import type {
  CheckRetention,
  MonitorCheckRecord,
  MonitorClaim,
  MonitorEventRecord,
  MonitorPatch,
  MonitorRecord,
  MonitorRepo,
  NewMonitor,
  OpaqueJson,
} from '@trawl/core/ports';
import { checkCutoff, requireDueTime, requireInteger, requirePage } from '@trawl/core/ports';
import type { Redis } from 'ioredis';
import type { Scripts } from './scripts.js';

/** A script's HGETALL reply (a flat [field, value, …] list) as an object. */
function pairs(flat: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (Array.isArray(flat)) for (let i = 0; i < flat.length; i += 2) fields[String(flat[i])] = String(flat[i + 1]);
  return fields;
}

function toRecord(fields: Record<string, string>): MonitorRecord {
  const record: MonitorRecord = {
    id: fields.id!,
    teamId: fields.teamId!,
    createdAt: Number(fields.createdAt),
    updatedAt: Number(fields.updatedAt),
    spec: fields.spec === undefined || fields.spec === '' ? undefined : (JSON.parse(fields.spec) as OpaqueJson),
    nextRunAt: fields.next === undefined || fields.next === '' ? null : Number(fields.next),
  };
  if (fields.state !== undefined && fields.state !== '') record.state = JSON.parse(fields.state) as OpaqueJson;
  return record;
}

const jsonOrEmpty = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));
const dueText = (nextRunAt: number | null): string => (nextRunAt === null ? '' : String(nextRunAt));

/** Events as a script's trailing (id, createdAt, json) arguments. */
const eventArgs = (events: readonly MonitorEventRecord[] | undefined): Array<string | number> =>
  (events ?? []).flatMap((event) => [event.id, event.createdAt, JSON.stringify({ monitorId: event.monitorId, event: event.event })]);

/**
 * Monitors as hashes with a sorted set per team and one of due times; a claim is a token and
 * deadline on the monitor's hash, taken by a script, so processes never share a due time.
 * Checks: a hash per monitor (id → JSON) and a sorted set of their creation times, and one
 * sorted set of expiries. The outbox: a hash of events and a sorted set of their times.
 */
export class RedisMonitorRepo implements MonitorRepo {
  private readonly dueKey: string;
  private readonly expiryKey: string;
  private readonly eventsKey: string;
  private readonly eventOrderKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly scripts: Scripts,
    private readonly prefix: string,
    private readonly now: () => number,
  ) {
    this.dueKey = `${prefix}:monitors-due`;
    this.expiryKey = `${prefix}:monitor-check-expiry`;
    this.eventsKey = `${prefix}:monitor-events`;
    this.eventOrderKey = `${prefix}:monitor-event-order`;
  }

  async create(monitor: NewMonitor): Promise<MonitorRecord | null> {
    requireDueTime(monitor.nextRunAt);
    const created = await this.scripts.createMonitor(
      this.key(monitor.id),
      this.teamKey(monitor.teamId),
      this.dueKey,
      monitor.id,
      monitor.teamId,
      monitor.createdAt,
      dueText(monitor.nextRunAt),
      jsonOrEmpty(monitor.spec),
    );
    return Number(created) === 1 ? this.get(monitor.id) : null;
  }

  async get(id: string): Promise<MonitorRecord | null> {
    const fields = await this.redis.hgetall(this.key(id));
    return fields.id === undefined ? null : toRecord(fields);
  }

  async list(teamId: string, page: { offset: number; limit: number }): Promise<MonitorRecord[]> {
    requirePage(page);
    const ids = await this.redis.zrange(this.teamKey(teamId), String(page.offset), String(page.offset + page.limit - 1));
    const records = await Promise.all(ids.map((id) => this.get(id)));
    return records.filter((record): record is MonitorRecord => record !== null);
  }

  async update(id: string, patch: MonitorPatch): Promise<MonitorRecord | null> {
    requireDueTime(patch.nextRunAt);
    const reply = await this.scripts.updateMonitor(
      this.key(id),
      this.dueKey,
      id,
      this.now(),
      jsonOrEmpty(patch.spec),
      jsonOrEmpty(patch.state),
      patch.nextRunAt === undefined ? '0' : '1',
      dueText(patch.nextRunAt ?? null),
      this.eventsKey,
      this.eventOrderKey,
      ...eventArgs(patch.events),
    );
    return reply ? toRecord(pairs(reply)) : null;
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await this.scripts.deleteMonitor(
      this.key(id),
      this.dueKey,
      this.checksKey(id),
      this.checkOrderKey(id),
      id,
      `${this.prefix}:monitors-of:`,
      this.expiryKey,
    );
    return Number(deleted) === 1;
  }

  async claimDue(request: { max: number; leaseMs: number }): Promise<MonitorClaim[]> {
    requireInteger('max', request.max, 1);
    requireInteger('leaseMs', request.leaseMs, 1);
    const tokens = Array.from({ length: Math.min(request.max, 1000) }, () => randomUUID());
    const reply = (await this.scripts.claimMonitors(
      this.dueKey,
      `${this.prefix}:monitor:`,
      this.now(),
      request.leaseMs,
      ...tokens,
    )) as Array<[string, string, number, unknown]>;
    return reply.map(([, token, deadline, flat]) => {
      const monitor = toRecord(pairs(flat));
      return { token: String(token), deadline: Number(deadline), dueAt: monitor.nextRunAt!, monitor };
    });
  }

  async finishRun(
    claim: MonitorClaim,
    next: { nextRunAt: number | null; state?: OpaqueJson; events?: readonly MonitorEventRecord[] },
  ): Promise<boolean> {
    requireDueTime(next.nextRunAt);
    const id = claim.monitor.id;
    const done = await this.scripts.finishMonitorRun(
      this.key(id),
      this.dueKey,
      id,
      claim.token,
      String(claim.dueAt),
      dueText(next.nextRunAt),
      jsonOrEmpty(next.state),
      this.now(),
      this.eventsKey,
      this.eventOrderKey,
      ...eventArgs(next.events),
    );
    return Number(done) === 1;
  }

  async saveCheck(check: MonitorCheckRecord, options: CheckRetention): Promise<void> {
    const cutoff = checkCutoff(options, this.now());
    const id = check.monitorId;
    await this.scripts.saveMonitorCheck(
      this.key(id),
      this.checksKey(id),
      this.checkOrderKey(id),
      check.id,
      check.createdAt,
      JSON.stringify({ createdAt: check.createdAt, check: check.check }),
      options.keep,
      cutoff === null ? '' : cutoff,
      this.expiryKey,
      options.maxAgeMs === undefined ? '' : check.createdAt + options.maxAgeMs,
      id,
    );
  }

  async sweepChecks(request: { limit: number }): Promise<number> {
    requireInteger('limit', request.limit, 1);
    const swept = await this.scripts.sweepMonitorChecks(
      this.expiryKey,
      this.now(),
      request.limit,
      `${this.prefix}:monitor-checks:`,
      `${this.prefix}:monitor-check-order:`,
    );
    return Number(swept);
  }

  async pendingEvents(request: { limit: number }): Promise<MonitorEventRecord[]> {
    requireInteger('limit', request.limit, 1);
    const ids = await this.redis.zrange(this.eventOrderKey, '0', String(request.limit - 1), 'WITHSCORES');
    const pairsOf: Array<[string, number]> = [];
    for (let i = 0; i < ids.length; i += 2) pairsOf.push([ids[i]!, Number(ids[i + 1])]);
    if (pairsOf.length === 0) return [];
    const bodies = await this.redis.hmget(this.eventsKey, ...pairsOf.map(([id]) => id));
    return pairsOf.flatMap(([id, createdAt], i) => {
      if (!bodies[i]) return [];
      const { monitorId, event } = JSON.parse(bodies[i]!) as { monitorId: string; event: OpaqueJson };
      return [{ id, monitorId, createdAt, event }];
    });
  }

  async deleteEvent(id: string): Promise<boolean> {
    const [[, removed]] = (await this.redis.multi().hdel(this.eventsKey, id).zrem(this.eventOrderKey, id).exec()) as [[unknown, number]];
    return Number(removed) === 1;
  }

  async getCheck(monitorId: string, checkId: string): Promise<MonitorCheckRecord | null> {
    const json = await this.redis.hget(this.checksKey(monitorId), checkId);
    return json === null ? null : this.toCheck(monitorId, checkId, json);
  }

  async listChecks(monitorId: string, page: { offset: number; limit: number }): Promise<MonitorCheckRecord[]> {
    requirePage(page);
    const ids = await this.redis.zrevrange(this.checkOrderKey(monitorId), page.offset, page.offset + page.limit - 1);
    if (ids.length === 0) return [];
    const bodies = await this.redis.hmget(this.checksKey(monitorId), ...ids);
    return ids.flatMap((id, i) => (bodies[i] ? [this.toCheck(monitorId, id, bodies[i]!)] : []));
  }

  private toCheck(monitorId: string, id: string, json: string): MonitorCheckRecord {
    const { createdAt, check } = JSON.parse(json) as { createdAt: number; check: OpaqueJson };
    return { id, monitorId, createdAt, check };
  }

  private key(id: string): string {
    return `${this.prefix}:monitor:${id}`;
  }

  private teamKey(teamId: string): string {
    return `${this.prefix}:monitors-of:${teamId}`;
  }

  private checksKey(id: string): string {
    return `${this.prefix}:monitor-checks:${id}`;
  }

  private checkOrderKey(id: string): string {
    return `${this.prefix}:monitor-check-order:${id}`;
  }
}
