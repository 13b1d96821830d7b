import type { CounterDelta, JobKind, JobListQuery, JobPatch, JobRecord, JobRepo, JobStatus, NewJob, OpaqueJson } from '@trawl/core/ports';
import type { Redis } from 'ioredis';
import type { JobQueues } from './job-queues.js';
import type { PendingAcks } from './pending-acks.js';
import type { Scripts } from './scripts.js';
import { isPastListCursor, requireInteger } from '@trawl/core/ports';

const COUNTERS = ['total', 'completed', 'failed', 'creditsUsed'] as const;

/** A script's HGETALL reply (a flat [field, value, …] list) as an object. */
function pairs(flat: unknown): Record<string, string> | null {
  if (!Array.isArray(flat) || flat.length === 0) return null;
  const fields: Record<string, string> = {};
  for (let i = 0; i < flat.length; i += 2) fields[String(flat[i])] = String(flat[i + 1]);
  return fields;
}

function toRecord(fields: Record<string, string>): JobRecord {
  const record: JobRecord = {
    id: fields.id!,
    kind: fields.kind as JobKind,
    teamId: fields.teamId!,
    status: fields.status as JobStatus,
    createdAt: Number(fields.createdAt),
    updatedAt: Number(fields.updatedAt),
    expiresAt: Number(fields.expiresAt),
    counters: {
      total: Number(fields.total),
      completed: Number(fields.completed),
      failed: Number(fields.failed),
      creditsUsed: Number(fields.creditsUsed),
    },
    kickoffFinished: fields.kickoffFinished === '1',
    options: fields.options === undefined ? undefined : (JSON.parse(fields.options) as OpaqueJson),
  };
  if (fields.error !== undefined) record.error = JSON.parse(fields.error) as JobRecord['error'];
  if (fields.output !== undefined) record.output = JSON.parse(fields.output) as OpaqueJson;
  return record;
}

/** Job records as Redis hashes; every write is one script, so each is atomic across processes. */
export class RedisJobRepo implements JobRepo {
  constructor(
    private readonly redis: Redis,
    private readonly scripts: Scripts,
    private readonly prefix: string,
    private readonly now: () => number,
    private readonly pendingAcks: PendingAcks,
    private readonly queues: JobQueues,
  ) {}

  async create(job: NewJob): Promise<JobRecord | null> {
    const fields: Array<string | number> = [
      'id',
      job.id,
      'kind',
      job.kind,
      'teamId',
      job.teamId,
      'status',
      'scraping',
      'createdAt',
      job.createdAt,
      'updatedAt',
      job.createdAt,
      'expiresAt',
      job.expiresAt,
      'total',
      0,
      'completed',
      0,
      'failed',
      0,
      'creditsUsed',
      0,
      'kickoffFinished',
      '0',
    ];
    if (job.options !== undefined) fields.push('options', JSON.stringify(job.options));
    return this.record(await this.scripts.createJob(this.prefix, job.id, job.expiresAt, ...fields));
  }

  async get(id: string): Promise<JobRecord | null> {
    const fields = await this.redis.hgetall(`${this.prefix}:job:${id}`);
    if (fields.expiresAt === undefined || Number(fields.expiresAt) <= this.now()) return null;
    return toRecord(fields);
  }

  async setStatus(id: string, from: JobStatus | readonly JobStatus[], to: JobStatus, patch: JobPatch = {}): Promise<JobRecord | null> {
    const expected: readonly JobStatus[] = typeof from === 'string' ? [from] : from;
    const fields: Array<string | number> = [];
    if (patch.error !== undefined) fields.push('error', JSON.stringify(patch.error));
    if (patch.output !== undefined) fields.push('output', JSON.stringify(patch.output));
    if (patch.kickoffFinished !== undefined) fields.push('kickoffFinished', patch.kickoffFinished ? '1' : '0');
    if (patch.expiresAt !== undefined) fields.push('expiresAt', patch.expiresAt);
    return this.record(await this.scripts.setStatus(this.prefix, id, this.now(), to, expected.length, ...expected, ...fields));
  }

  async increment(id: string, delta: CounterDelta): Promise<JobRecord | null> {
    const amounts: Array<string | number> = [];
    for (const name of COUNTERS) {
      const amount = delta[name];
      if (amount === undefined) continue;
      requireInteger(`delta.${name}`, amount, Number.MIN_SAFE_INTEGER);
      amounts.push(name, amount);
    }
    // A finished page's count marks the page counted in the same script (see PendingAcks).
    const pages = this.pendingAcks.claimForCount(id, Math.max(0, (delta.completed ?? 0) + (delta.failed ?? 0)));
    let reply: unknown;
    try {
      reply = await this.scripts.incrementJob(
        this.prefix,
        id,
        this.now(),
        amounts.length / 2,
        ...amounts,
        ...pages.map((page) => page.key),
      );
    } catch (error) {
      this.pendingAcks.abandon(pages);
      throw error;
    }
    this.pendingAcks.counted(pages);
    return this.record(reply);
  }

  async saveOutput(id: string, output: OpaqueJson): Promise<JobRecord | null> {
    const json = output === undefined ? '' : JSON.stringify(output);
    return this.record(await this.scripts.saveOutput(this.prefix, id, this.now(), json));
  }

  async listRunning(query: { teamId: string; kind: JobKind; limit: number }): Promise<JobRecord[]> {
    requireInteger('limit', query.limit, 1);
    // The set holds the team's jobs in `scraping`, by createdAt then id; expired ones stay until swept.
    const ids = await this.redis.zrange(`${this.prefix}:team-running:${query.teamId}`, '0', '-1');
    const now = this.now();
    const running: JobRecord[] = [];
    for (let start = 0; start < ids.length && running.length < query.limit; start += 100) {
      const batch = this.redis.pipeline();
      for (const id of ids.slice(start, start + 100)) batch.hgetall(`${this.prefix}:job:${id}`);
      for (const [, fields] of (await batch.exec()) ?? []) {
        const record = fields as Record<string, string> | null;
        if (!record || record.expiresAt === undefined || Number(record.expiresAt) <= now) continue;
        if (record.kind === query.kind && record.status === 'scraping' && running.length < query.limit) running.push(toRecord(record));
      }
    }
    return running;
  }

  async listByTeam(query: JobListQuery): Promise<JobRecord[]> {
    requireInteger('limit', query.limit, 1);
    // The set holds every job of the team by createdAt (all kinds; expired ones stay until swept): read newest first in slices.
    const key = `${this.prefix}:team-jobs:${query.teamId}`;
    // With an id cursor the jobs created at `before` are read too, and the cursor keeps the right ones.
    const max = query.before === undefined ? '+inf' : query.beforeId === undefined ? `(${query.before}` : `${query.before}`;
    const now = this.now();
    const found: JobRecord[] = [];
    for (let offset = 0; found.length < query.limit; offset += 100) {
      const ids = await this.redis.zrevrangebyscore(key, max, '-inf', 'LIMIT', offset, 100);
      if (!ids.length) break;
      const batch = this.redis.pipeline();
      for (const id of ids) batch.hgetall(`${this.prefix}:job:${id}`);
      const rows = ((await batch.exec()) ?? []).map(([, fields]) => fields as Record<string, string> | null);
      // Equal createdAt: ids descending, as the other stores order them.
      const records = rows
        .filter((r): r is Record<string, string> =>
          Boolean(r && r.expiresAt !== undefined && Number(r.expiresAt) > now && r.kind === query.kind),
        )
        .map(toRecord)
        .filter((record) => isPastListCursor(record, query));
      for (const record of records) if (found.length < query.limit) found.push(record);
    }
    return found.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  async listExpired(query: { before: number; limit: number }): Promise<string[]> {
    requireInteger('limit', query.limit, 1);
    return this.redis.zrangebyscore(`${this.prefix}:jobs:expiry`, '-inf', query.before, 'LIMIT', 0, query.limit);
  }

  async delete(id: string): Promise<boolean> {
    this.pendingAcks.forget(id);
    // The queue goes first: a failure in between leaves the record, so the sweep deletes it again.
    const { queue } = this.queues.get(id);
    await queue.obliterate({ force: true });
    await this.queues.drop(id);
    return Number(await this.scripts.deleteJob(this.prefix, id)) === 1;
  }

  private record(reply: unknown): JobRecord | null {
    const fields = pairs(reply);
    return fields ? toRecord(fields) : null;
  }
}
