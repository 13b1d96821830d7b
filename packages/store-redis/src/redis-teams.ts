import type { CreditHold, CreditReservation, RateLimitResult, TeamLedger } from '@trawl/core';
import type { Redis } from 'ioredis';
import type { Scripts } from './scripts.js';
import { refundOf, requireFinite, requireInteger } from '@trawl/core';

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

  async reserve(teamId: string, amount: number): Promise<CreditReservation> {
    requireFinite('amount', amount, 0);
    const [ok, remaining] = (await this.scripts.reserve(this.creditsKey, teamId, String(amount))) as [number, string];
    if (remaining === '') return { ok: true, remaining: null, hold: { teamId, amount: 0 } };
    return Number(ok) === 1 ? { ok: true, remaining: Number(remaining), hold: { teamId, amount } } : { ok: false, remaining: Number(remaining), hold: null };
  }

  async settle(hold: CreditHold, cost: number): Promise<void> {
    const refund = refundOf(hold, cost);
    if (refund > 0) await this.scripts.refund(this.creditsKey, hold.teamId, String(refund));
  }

  async release(hold: CreditHold): Promise<void> {
    await this.settle(hold, 0);
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    requireInteger('limit', limit, 0);
    requireInteger('windowMs', windowMs, 1);
    const reply = (await this.scripts.hit(`${this.prefix}:rate:${key}`, this.now(), limit, windowMs)) as number[];
    const [allowed, remaining, retryAfterMs] = reply.map(Number) as [number, number, number];
    return { allowed: allowed === 1, remaining, retryAfterMs };
  }
}
