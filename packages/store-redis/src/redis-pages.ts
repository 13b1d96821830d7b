import type { PageMemory, PageSnapshot } from '@trawl/core/ports';
import { requireSnapshot } from '@trawl/core/ports';
import type { Redis } from 'ioredis';
import type { Scripts } from './scripts.js';

/** Snapshots in a hash per team (key → JSON) with a sorted set of scrape times for trimming; remember is one script. */
export class RedisPageMemory implements PageMemory {
  constructor(
    private readonly redis: Redis,
    private readonly scripts: Scripts,
    private readonly prefix: string,
  ) {}

  async recall(teamId: string, key: string): Promise<PageSnapshot | null> {
    const json = await this.redis.hget(this.hashKey(teamId), key);
    return json === null ? null : (JSON.parse(json) as PageSnapshot);
  }

  async remember(snapshot: PageSnapshot, options: { keep: number }): Promise<PageSnapshot | null> {
    requireSnapshot(snapshot, options.keep);
    const previous = (await this.scripts.rememberPage(
      this.hashKey(snapshot.teamId),
      `${this.prefix}:page-ages:${snapshot.teamId}`,
      snapshot.key,
      snapshot.scrapedAt,
      JSON.stringify(snapshot),
      options.keep,
    )) as string | null;
    return previous ? (JSON.parse(previous) as PageSnapshot) : null;
  }

  private hashKey(teamId: string): string {
    return `${this.prefix}:pages:${teamId}`;
  }
}
