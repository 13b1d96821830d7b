import { Buffer } from 'node:buffer';
import type { ResultEntry, ResultKind, ResultLog, ResultPage, ResultQuery } from '@trawl/core/ports';
import type { Redis } from 'ioredis';
import type { PendingAck, PendingAcks } from './pending-acks.js';
import type { Scripts } from './scripts.js';
import { requireInteger } from '@trawl/core/ports';

/** Each job's log in Redis hashes, appended and paged by scripts (see lua/result-scripts.ts). */
export class RedisResultLog implements ResultLog {
  constructor(
    private readonly redis: Redis,
    private readonly scripts: Scripts,
    private readonly prefix: string,
    private readonly pendingAcks: PendingAcks,
  ) {}

  async append(jobId: string, entries: readonly ResultEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const args: Array<string | number> = [];
    const acks: Array<[ack: PendingAck, index: number]> = [];
    entries.forEach((entry, index) => {
      const json = JSON.stringify(entry);
      args.push(entry.kind, Buffer.byteLength(json, 'utf8'), json);
      // A page's document or error records the page acked by this process (see PendingAcks).
      const ack = entry.kind === 'robots_blocked' ? undefined : this.pendingAcks.take(jobId, entry.url);
      if (ack) acks.push([ack, index]);
    });
    const ackArgs = acks.flatMap(([ack, index]) => [ack.key, index]);
    try {
      await this.scripts.appendResults(this.prefix, jobId, acks.length, ...ackArgs, ...args);
    } catch (error) {
      this.pendingAcks.abandon(acks.map(([ack]) => ack));
      throw error;
    }
    // Recorded: the pages wait for their count before BullMQ completes them.
    this.pendingAcks.recorded(acks.map(([ack]) => ack));
  }

  async read(jobId: string, query: ResultQuery): Promise<ResultPage> {
    requireInteger('offset', query.offset, 0);
    requireInteger('maxCount', query.maxCount, 1);
    requireInteger('maxBytes', query.maxBytes, 1);
    const reply = (await this.scripts.readResults(this.prefix, jobId, query.offset, query.maxCount, query.maxBytes, query.kind ?? '')) as [
      number,
      ...string[],
    ];
    const [more, ...json] = reply;
    const entries = json.map((text) => JSON.parse(text) as ResultEntry);
    return { entries, next: Number(more) === 1 ? query.offset + entries.length : null };
  }

  async count(jobId: string, kind?: ResultKind): Promise<number> {
    return Number((await this.redis.hget(`${this.prefix}:r:${jobId}:count`, kind ?? 'all')) ?? 0);
  }
}
