import type {
  CounterDelta,
  JobCounters,
  JobKind,
  JobListQuery,
  JobPatch,
  JobRecord,
  JobRepo,
  JobStatus,
  NewJob,
  OpaqueJson,
} from '../../ports/store.js';
import { copyJson } from './json-copy.js';
import { copyRecord } from './record-copy.js';
import { isPastListCursor, requireInteger } from '../../ports/store-arguments.js';

const COUNTER_NAMES: ReadonlyArray<keyof JobCounters> = ['total', 'completed', 'failed', 'creditsUsed'];

/**
 * Job records in a Map. Every method runs without awaiting, so each one is atomic with respect
 * to every other call on the store: that is what makes CAS and increments safe here.
 */
export class MemoryJobRepo implements JobRepo {
  private readonly records = new Map<string, JobRecord>();

  constructor(
    private readonly now: () => number,
    /** Drops the job's results and frontier when the job is deleted. */
    private readonly dropJobData: (id: string) => void,
  ) {}

  get size(): number {
    return this.records.size;
  }

  async create(job: NewJob): Promise<JobRecord | null> {
    if (this.records.has(job.id)) return null;
    const record: JobRecord = {
      id: job.id,
      kind: job.kind,
      teamId: job.teamId,
      status: 'scraping',
      createdAt: job.createdAt,
      updatedAt: job.createdAt,
      expiresAt: job.expiresAt,
      counters: { total: 0, completed: 0, failed: 0, creditsUsed: 0 },
      kickoffFinished: false,
      options: copyJson(job.options),
    };
    this.records.set(job.id, record);
    return copyRecord(record);
  }

  async get(id: string): Promise<JobRecord | null> {
    const record = this.live(id);
    return record ? copyRecord(record) : null;
  }

  async setStatus(id: string, from: JobStatus | readonly JobStatus[], to: JobStatus, patch: JobPatch = {}): Promise<JobRecord | null> {
    const record = this.live(id);
    const expected: readonly JobStatus[] = typeof from === 'string' ? [from] : from;
    if (!record || !expected.includes(record.status)) return null;
    record.status = to;
    if (patch.error !== undefined) record.error = copyJson(patch.error);
    if (patch.output !== undefined) record.output = copyJson(patch.output);
    if (patch.kickoffFinished !== undefined) record.kickoffFinished = patch.kickoffFinished;
    if (patch.expiresAt !== undefined) record.expiresAt = patch.expiresAt;
    record.updatedAt = this.now();
    return copyRecord(record);
  }

  async increment(id: string, delta: CounterDelta): Promise<JobRecord | null> {
    for (const name of COUNTER_NAMES) {
      const amount = delta[name];
      if (amount !== undefined) requireInteger(`delta.${name}`, amount, Number.MIN_SAFE_INTEGER);
    }
    const record = this.live(id);
    if (!record) return null;
    for (const name of COUNTER_NAMES) record.counters[name] += delta[name] ?? 0;
    record.updatedAt = this.now();
    return copyRecord(record);
  }

  async saveOutput(id: string, output: OpaqueJson): Promise<JobRecord | null> {
    const record = this.live(id);
    if (!record) return null;
    record.output = copyJson(output);
    record.updatedAt = this.now();
    return copyRecord(record);
  }

  async listRunning(query: { teamId: string; kind: JobKind; limit: number }): Promise<JobRecord[]> {
    requireInteger('limit', query.limit, 1);
    const now = this.now();
    const running = [...this.records.values()].filter(
      (record) => record.teamId === query.teamId && record.kind === query.kind && record.status === 'scraping' && record.expiresAt > now,
    );
    running.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return running.slice(0, query.limit).map((record) => copyRecord(record));
  }

  async listByTeam(query: JobListQuery): Promise<JobRecord[]> {
    requireInteger('limit', query.limit, 1);
    const now = this.now();
    const jobs = [...this.records.values()].filter(
      (record) => record.teamId === query.teamId && record.kind === query.kind && isPastListCursor(record, query) && record.expiresAt > now,
    );
    jobs.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return jobs.slice(0, query.limit).map((record) => copyRecord(record));
  }

  async listExpired(query: { before: number; limit: number }): Promise<string[]> {
    requireInteger('limit', query.limit, 1);
    // A scan over job records (not frontier items): sweeps are rare and jobs are few.
    const ids: string[] = [];
    for (const record of this.records.values()) {
      if (ids.length >= query.limit) break;
      if (record.expiresAt <= query.before) ids.push(record.id);
    }
    return ids;
  }

  async delete(id: string): Promise<boolean> {
    const existed = this.records.delete(id);
    this.dropJobData(id);
    return existed;
  }

  /** The job's team ('' when it has no record), for the frontier's turns. */
  teamOf(id: string): string {
    return this.records.get(id)?.teamId ?? '';
  }

  clear(): void {
    this.records.clear();
  }

  private live(id: string): JobRecord | undefined {
    const record = this.records.get(id);
    return record && record.expiresAt > this.now() ? record : undefined;
  }
}
