import type { CreditHold, CreditReservation, RateLimitResult, TeamLedger, UsageAmounts, UsageRow, UsageSlot } from '@trawl/core/ports';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Scripts } from './scripts.js';
import { refundOf, requireFinite, requireInteger, usageAmounts } from '@trawl/core/ports';

const USAGE_METRICS = ['credits', 'inputTokens', 'outputTokens', 'totalTokens'] as const;
/** How long a settled hold's id is remembered: longer than any settlement waits out an outage. */
const SETTLED_TTL_MS = 7 * 24 * 3_600_000;

/**
 * Credits in one hash (no field = unlimited); fixed-window rate limits in a hash per key; usage
 * in a hash per team, a field per period, metric and key: `<period>|<metric>|<key>` (the key
 * empty for none: a key label never is).
 */
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
    return Number(ok) === 1
      ? { ok: true, remaining: Number(remaining), hold: { teamId, amount, id: randomUUID() } }
      : { ok: false, remaining: Number(remaining), hold: null };
  }

  async settle(hold: CreditHold, cost: number): Promise<void> {
    const refund = refundOf(hold, cost);
    if (refund <= 0) return;
    const settled = hold.id ? `${this.creditsKey}:settled:${hold.id}` : '';
    await this.scripts.refund(this.creditsKey, hold.teamId, String(refund), settled, SETTLED_TTL_MS);
  }

  async release(hold: CreditHold): Promise<void> {
    await this.settle(hold, 0);
  }

  async addUsage(teamId: string, slot: UsageSlot, amounts: Partial<UsageAmounts>): Promise<void> {
    const add = usageAmounts(slot, amounts);
    const key = this.usageKey(teamId);
    const field = (metric: string) => `${slot.period}|${metric}|${slot.apiKey ?? ''}`;
    // One MULTI: the four sums move together, and HINCRBY makes concurrent adds all count.
    await this.redis
      .multi()
      .hincrbyfloat(key, field('credits'), add.credits)
      .hincrby(key, field('inputTokens'), add.inputTokens)
      .hincrby(key, field('outputTokens'), add.outputTokens)
      .hincrby(key, field('totalTokens'), add.totalTokens)
      .exec();
  }

  async listUsage(teamId: string, since = Number.MIN_SAFE_INTEGER): Promise<UsageRow[]> {
    const rows = new Map<string, UsageRow>();
    for (const [field, value] of Object.entries(await this.redis.hgetall(this.usageKey(teamId)))) {
      const first = field.indexOf('|');
      const second = field.indexOf('|', first + 1);
      const period = Number(field.slice(0, first));
      const metric = field.slice(first + 1, second) as (typeof USAGE_METRICS)[number];
      const apiKey = field.slice(second + 1);
      if (period < since || !USAGE_METRICS.includes(metric)) continue;
      const id = `${period}|${apiKey}`;
      let row = rows.get(id);
      if (!row)
        rows.set(
          id,
          (row = { period, apiKey: apiKey === '' ? null : apiKey, credits: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 }),
        );
      row[metric] = Number(value);
    }
    return [...rows.values()];
  }

  private usageKey(teamId: string): string {
    return `${this.prefix}:usage:${teamId}`;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    requireInteger('limit', limit, 0);
    requireInteger('windowMs', windowMs, 1);
    const reply = (await this.scripts.hit(`${this.prefix}:rate:${key}`, this.now(), limit, windowMs)) as number[];
    const [allowed, remaining, retryAfterMs] = reply.map(Number) as [number, number, number];
    return { allowed: allowed === 1, remaining, retryAfterMs };
  }
}
