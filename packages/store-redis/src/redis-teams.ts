import type {
  CreditHold,
  CreditReservation,
  HoldOwner,
  RateLimitResult,
  TeamLedger,
  UsageAmounts,
  UsageRow,
  UsageSlot,
} from '@trawl/core/ports';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { HoldsInDoubt } from './holds-in-doubt.js';
import type { Scripts } from './scripts.js';
import { refundOf, requireFinite, requireInteger, requireOnceId, requireOwner, SETTLED_KEPT_MS, usageAmounts } from '@trawl/core/ports';

const USAGE_METRICS = ['credits', 'inputTokens', 'outputTokens', 'totalTokens'] as const;

/** A usage hash field: `<period>|<metric>|<key>`. */
function usageField(slot: UsageSlot, metric: string): string {
  return `${slot.period}|${metric}|${slot.apiKey ?? ''}`;
}

/**
 * Credits in one hash (no field = unlimited); fixed-window rate limits in a hash per key; usage
 * in a hash per team, a field per period, metric and key: `<period>|<metric>|<key>` (the key
 * empty for none: a key label never is). Holds with an amount are kept by id in `credits:holds`
 * until settled, their owners' lease ends in `credits:owners`; a settled (or reclaimed) hold's id
 * is remembered 7 days in a key of its own, as is a usage add's `once` id.
 */
export class RedisTeamLedger implements TeamLedger {
  private readonly creditsKey: string;
  private readonly inDoubt = new HoldsInDoubt();

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

  async reserve(teamId: string, amount: number, owner?: HoldOwner): Promise<CreditReservation> {
    requireFinite('amount', amount, 0);
    if (owner) requireOwner(owner);
    const id = amount > 0 ? randomUUID() : '';
    const alive = owner ? this.now() + owner.leaseMs : 0;
    await this.releaseInDoubt();
    let answer: [number, string];
    try {
      answer = (await this.scripts.reserve(
        this.creditsKey,
        teamId,
        String(amount),
        this.holdsKey,
        id,
        owner?.id ?? '',
        this.ownersKey,
        alive,
        id ? this.settledKey(id) : '',
      )) as [number, string];
    } catch (error) {
      // The reservation may have run with only its answer lost: given back once Redis answers.
      if (id) this.inDoubt.remember({ teamId, amount, id });
      throw error;
    }
    const [ok, remaining] = answer;
    if (remaining === '') return { ok: true, remaining: null, hold: { teamId, amount: 0 } };
    if (Number(ok) !== 1) return { ok: false, remaining: Number(remaining), hold: null };
    return { ok: true, remaining: Number(remaining), hold: id ? { teamId, amount, id } : { teamId, amount } };
  }

  /**
   * Gives back the reservations whose answer was lost, each only if Redis holds it (it may never
   * have run) and once; those Redis does not take now stay for the next call.
   */
  private async releaseInDoubt(): Promise<void> {
    for (const hold of this.inDoubt.list()) {
      await this.scripts.settle(
        this.creditsKey,
        hold.teamId,
        String(hold.amount),
        '0',
        this.settledKey(hold.id),
        SETTLED_KEPT_MS,
        this.holdsKey,
        hold.id,
        '',
        '',
        'held',
      );
      this.inDoubt.forget(hold.id);
    }
  }

  async settle(hold: CreditHold, cost: number, usage?: UsageSlot): Promise<void> {
    const refund = refundOf(hold, cost);
    if (usage) usageAmounts(usage, {});
    const charged = hold.amount - refund;
    if (!hold.id && refund <= 0 && !(usage && charged > 0)) return;
    await this.scripts.settle(
      this.creditsKey,
      hold.teamId,
      String(refund),
      String(-charged),
      hold.id ? this.settledKey(hold.id) : '',
      SETTLED_KEPT_MS,
      this.holdsKey,
      hold.id ?? '',
      usage ? this.usageKey(hold.teamId) : '',
      usage ? usageField(usage, 'credits') : '',
    );
  }

  async release(hold: CreditHold): Promise<void> {
    await this.settle(hold, 0);
  }

  async renewHolds(owner: HoldOwner): Promise<void> {
    requireOwner(owner);
    await this.redis.hset(this.ownersKey, owner.id, String(this.now() + owner.leaseMs));
    await this.releaseInDoubt();
  }

  async reclaimHolds(): Promise<CreditHold[]> {
    const flat = (await this.scripts.reclaim(
      this.creditsKey,
      this.holdsKey,
      this.ownersKey,
      this.settledKey(''),
      this.now(),
      SETTLED_KEPT_MS,
    )) as string[];
    const holds: CreditHold[] = [];
    for (let i = 0; i < flat.length; i += 3) holds.push({ id: flat[i]!, teamId: flat[i + 1]!, amount: Number(flat[i + 2]) });
    return holds;
  }

  private get holdsKey(): string {
    return `${this.creditsKey}:holds`;
  }

  private get ownersKey(): string {
    return `${this.creditsKey}:owners`;
  }

  private settledKey(id: string): string {
    return `${this.creditsKey}:settled:${id}`;
  }

  async addUsage(teamId: string, slot: UsageSlot, amounts: Partial<UsageAmounts>, once?: string): Promise<void> {
    const add = usageAmounts(slot, amounts);
    requireOnceId(once);
    const field = (metric: string) => usageField(slot, metric);
    // One script: the four sums move together, once per `once` id; HINCRBY makes concurrent adds all count.
    await this.scripts.addUsage(
      this.usageKey(teamId),
      once === undefined ? '' : `${this.prefix}:usage-once:${once}`,
      SETTLED_KEPT_MS,
      field('credits'),
      String(add.credits),
      field('inputTokens'),
      add.inputTokens,
      field('outputTokens'),
      add.outputTokens,
      field('totalTokens'),
      add.totalTokens,
    );
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
