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
} from '../../ports/store.js';
import { checkCutoff, requireDueTime, requireInteger, requirePage } from '../../ports/store-arguments.js';
import { copyJson } from './json-copy.js';

interface Held {
  record: MonitorRecord;
  claim?: { token: string; deadline: number };
  checks: Map<string, MonitorCheckRecord>;
  /** Expiry (epoch ms) of each check saved with a `maxAgeMs`. */
  expiries: Map<string, number>;
}

const oldestEventFirst = (a: MonitorEventRecord, b: MonitorEventRecord) =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const newestFirst = (a: MonitorCheckRecord, b: MonitorCheckRecord) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Monitors and their checks in a Map; methods never await, so claims are atomic here. */
export class MemoryMonitorRepo implements MonitorRepo {
  private readonly monitors = new Map<string, Held>();
  private readonly outbox = new Map<string, MonitorEventRecord>();

  constructor(private readonly now: () => number) {}

  async create(monitor: NewMonitor): Promise<MonitorRecord | null> {
    requireDueTime(monitor.nextRunAt);
    if (this.monitors.has(monitor.id)) return null;
    const record: MonitorRecord = {
      id: monitor.id,
      teamId: monitor.teamId,
      createdAt: monitor.createdAt,
      updatedAt: monitor.createdAt,
      spec: copyJson(monitor.spec),
      nextRunAt: monitor.nextRunAt,
    };
    this.monitors.set(monitor.id, { record, checks: new Map(), expiries: new Map() });
    return copyJson(record);
  }

  async get(id: string): Promise<MonitorRecord | null> {
    const held = this.monitors.get(id);
    return held ? copyJson(held.record) : null;
  }

  async list(teamId: string, page: { offset: number; limit: number }): Promise<MonitorRecord[]> {
    requirePage(page);
    return [...this.monitors.values()]
      .map((held) => held.record)
      .filter((record) => record.teamId === teamId)
      .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(page.offset, page.offset + page.limit)
      .map((record) => copyJson(record));
  }

  async update(id: string, patch: MonitorPatch): Promise<MonitorRecord | null> {
    requireDueTime(patch.nextRunAt);
    const held = this.monitors.get(id);
    if (!held) return null;
    this.apply(held.record, patch);
    return copyJson(held.record);
  }

  async delete(id: string): Promise<boolean> {
    return this.monitors.delete(id);
  }

  async claimDue(request: { max: number; leaseMs: number }): Promise<MonitorClaim[]> {
    requireInteger('max', request.max, 1);
    requireInteger('leaseMs', request.leaseMs, 1);
    const now = this.now();
    const due = [...this.monitors.values()]
      .filter((held) => held.record.nextRunAt !== null && held.record.nextRunAt <= now && !(held.claim && held.claim.deadline > now))
      .sort((a, b) => a.record.nextRunAt! - b.record.nextRunAt!)
      .slice(0, request.max);
    return due.map((held) => {
      held.claim = { token: randomUUID(), deadline: now + request.leaseMs };
      return { ...held.claim, dueAt: held.record.nextRunAt!, monitor: copyJson(held.record) };
    });
  }

  async finishRun(
    claim: MonitorClaim,
    next: { nextRunAt: number | null; state?: OpaqueJson; events?: readonly MonitorEventRecord[] },
  ): Promise<boolean> {
    requireDueTime(next.nextRunAt);
    const held = this.monitors.get(claim.monitor.id);
    if (!held || held.claim?.token !== claim.token || held.record.nextRunAt !== claim.dueAt) return false;
    held.claim = undefined;
    this.apply(held.record, next);
    return true;
  }

  async saveCheck(check: MonitorCheckRecord, options: CheckRetention): Promise<void> {
    const cutoff = checkCutoff(options, this.now());
    const held = this.monitors.get(check.monitorId);
    if (!held) return;
    held.checks.set(check.id, copyJson(check));
    // Expires when saveCheck's cutoff would drop it (sweepChecks).
    const expiry = options.maxAgeMs === undefined ? null : check.createdAt + options.maxAgeMs;
    if (expiry === null) held.expiries.delete(check.id);
    else held.expiries.set(check.id, expiry);
    if (cutoff !== null) {
      for (const old of held.checks.values()) if (old.createdAt < cutoff) this.dropCheck(held, old.id);
    }
    if (held.checks.size > options.keep) {
      for (const old of [...held.checks.values()].sort(newestFirst).slice(options.keep)) this.dropCheck(held, old.id);
    }
  }

  async sweepChecks(request: { limit: number }): Promise<number> {
    requireInteger('limit', request.limit, 1);
    const now = this.now();
    let swept = 0;
    for (const held of this.monitors.values()) {
      for (const [id, expiry] of held.expiries) {
        if (swept >= request.limit) return swept;
        if (expiry <= now) {
          this.dropCheck(held, id);
          swept++;
        }
      }
    }
    return swept;
  }

  async pendingEvents(request: { limit: number }): Promise<MonitorEventRecord[]> {
    requireInteger('limit', request.limit, 1);
    return [...this.outbox.values()]
      .sort(oldestEventFirst)
      .slice(0, request.limit)
      .map((event) => copyJson(event));
  }

  async deleteEvent(id: string): Promise<boolean> {
    return this.outbox.delete(id);
  }

  async getCheck(monitorId: string, checkId: string): Promise<MonitorCheckRecord | null> {
    const check = this.monitors.get(monitorId)?.checks.get(checkId);
    return check ? copyJson(check) : null;
  }

  async listChecks(monitorId: string, page: { offset: number; limit: number }): Promise<MonitorCheckRecord[]> {
    requirePage(page);
    const checks = [...(this.monitors.get(monitorId)?.checks.values() ?? [])].sort(newestFirst);
    return checks.slice(page.offset, page.offset + page.limit).map((check) => copyJson(check));
  }

  get size(): number {
    return this.monitors.size;
  }

  clear(): void {
    this.monitors.clear();
    this.outbox.clear();
  }

  private dropCheck(held: Held, id: string): void {
    held.checks.delete(id);
    held.expiries.delete(id);
  }

  private apply(record: MonitorRecord, patch: MonitorPatch): void {
    if (patch.spec !== undefined) record.spec = copyJson(patch.spec);
    if (patch.nextRunAt !== undefined) record.nextRunAt = patch.nextRunAt;
    if (patch.state !== undefined) record.state = copyJson(patch.state);
    for (const event of patch.events ?? []) if (!this.outbox.has(event.id)) this.outbox.set(event.id, copyJson(event));
    record.updatedAt = this.now();
  }
}
