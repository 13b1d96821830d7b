import type { DebitResult, RateLimitResult, TeamLedger } from '@trawl/core';
import type { Redis } from 'ioredis';
import type { Scripts } from './scripts.js';
import { requireFinite, requireInteger } from '@trawl/core';

/** Credits in one hash (no field = unlimited); fixed-window rate limits in a hash per key. */
export class RedisTeamLedger implements TeamLedger {
  private readonly creditsKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly scripts: Scripts,
    private readonly prefix: string,
    private readonly now: () => number,
  ) {
    this.creditsKey = `${prefix}:credits`;
  }

  async getCredits(teamId: string): Promise<number | null> {
    const credits = await this.redis.hget(this.creditsKey, teamId);
    return credits === null ? null : Number(credits);
  }

  async setCredits(teamId: string, credits: number | null): Promise<void> {
    if (credits === null) {
      await this.redis.hdel(this.creditsKey, teamId);
      return;
    }
    requireFinite('credits', credits, Number.NEGATIVE_INFINITY);
    await this.redis.hset(this.creditsKey, teamId, String(credits));
  }

  async debit(teamId: string, amount: number): Promise<DebitResult> {
    requireFinite('amount', amount, 0);
    const [ok, remaining] = (await this.scripts.debit(this.creditsKey, teamId, String(amount))) as [number, string];
    return { ok: Number(ok) === 1, remaining: remaining === '' ? null : Number(remaining) };
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    requireInteger('limit', limit, 0);
    requireInteger('windowMs', windowMs, 1);
    const reply = (await this.scripts.hit(`${this.prefix}:rate:${key}`, this.now(), limit, windowMs)) as number[];
    const [allowed, remaining, retryAfterMs] = reply.map(Number) as [number, number, number];
    return { allowed: allowed === 1, remaining, retryAfterMs };
  }
}
