import { randomUUID } from 'node:crypto';
import type {
  CreditHold,
  CreditReservation,
  HoldOwner,
  RateLimitResult,
  TeamLedger,
  UsageAmounts,
  UsageRow,
  UsageSlot,
} from '../../ports/store.js';
import {
  refundOf,
  requireFinite,
  requireInteger,
  requireOnceId,
  requireOwner,
  SETTLED_KEPT_MS,
  usageAmounts,
} from '../../ports/store-arguments.js';

/** Settled or reclaimed holds, and usage `once` ids, remembered at most (about 100 bytes each). */
const MAX_REMEMBERED = 100_000;

/** A hold the ledger keeps by id: open until settled, or reclaimed when its owner stopped. */
interface HoldRecord {
  teamId: string;
  amount: number;
  owner: string | null;
  state: 'open' | 'settled' | 'reclaimed';
  /** When it was settled or reclaimed: the record is forgotten SETTLED_KEPT_MS later. */
  doneAt: number;
}

interface RateWindow {
  start: number;
  end: number;
  count: number;
}

/**
 * Credits in a Map (absent = unlimited) and fixed-window rate limits: a window of `windowMs`
 * starts at a key's first hit after the previous window ended.
 */
export class MemoryTeamLedger implements TeamLedger {
  private readonly credits = new Map<string, number>();
  /** In order of last use, so ended windows are pruned from the front without a scan. */
  private readonly windows = new Map<string, RateWindow>();
  /** Per team, its usage rows by period and key (`''` for none: a key label is never empty). */
  private readonly usage = new Map<string, Map<string, UsageRow>>();
  private readonly holds = new Map<string, HoldRecord>();
  /** How many of `holds` are settled or reclaimed. */
  private doneCount = 0;
  /** Each hold owner's lease end. */
  private readonly owners = new Map<string, number>();
  /** Usage adds counted once, by id, and when. */
  private readonly usageOnce = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  async getCredits(teamId: string): Promise<number | null> {
    return this.credits.get(teamId) ?? null;
  }

  async setCredits(teamId: string, credits: number | null): Promise<void> {
    if (credits === null) {
      this.credits.delete(teamId);
      return;
    }
    requireFinite('credits', credits, Number.NEGATIVE_INFINITY);
    this.credits.set(teamId, credits);
  }

  async reserve(teamId: string, amount: number, owner?: HoldOwner): Promise<CreditReservation> {
    requireFinite('amount', amount, 0);
    if (owner) requireOwner(owner);
    const balance = this.credits.get(teamId);
    if (balance === undefined) return { ok: true, remaining: null, hold: { teamId, amount: 0 } };
    if (balance < amount) return { ok: false, remaining: balance, hold: null };
    this.credits.set(teamId, balance - amount);
    if (owner) this.owners.set(owner.id, this.now() + owner.leaseMs);
    if (amount === 0) return { ok: true, remaining: balance, hold: { teamId, amount } };
    const id = randomUUID();
    this.holds.set(id, { teamId, amount, owner: owner?.id ?? null, state: 'open', doneAt: 0 });
    return { ok: true, remaining: balance - amount, hold: { teamId, amount, id } };
  }

  async settle(hold: CreditHold, cost: number, usage?: UsageSlot): Promise<void> {
    const refund = refundOf(hold, cost);
    if (usage) usageAmounts(usage, {});
    const record = hold.id === undefined ? undefined : this.holds.get(hold.id);
    if (record?.state === 'settled') return;
    if (usage && hold.amount - refund > 0) await this.addUsage(hold.teamId, usage, { credits: hold.amount - refund });
    // Reclaimed: the whole hold went back, so what the work cost is taken now.
    const change = record?.state === 'reclaimed' ? -(hold.amount - refund) : refund;
    if (hold.id !== undefined)
      this.markDone(hold.id, { ...(record ?? { teamId: hold.teamId, amount: hold.amount, owner: null }), state: 'settled' });
    this.giveBack(hold.teamId, change);
  }

  /**
   * Keeps a settled or reclaimed hold at the end of the map (the oldest done first), forgetting
   * the oldest past MAX_REMEMBERED: this store dies with its process, so no settle comes days
   * later, and memory stays bounded however many pages a long-lived server runs.
   */
  private markDone(id: string, record: Omit<HoldRecord, 'doneAt'>): void {
    this.holds.delete(id);
    this.holds.set(id, { ...record, doneAt: this.now() });
    if (++this.doneCount <= MAX_REMEMBERED) return;
    for (const [oldId, old] of this.holds) {
      if (old.state === 'open') continue;
      this.holds.delete(oldId);
      this.doneCount -= 1;
      break;
    }
  }

  async release(hold: CreditHold): Promise<void> {
    await this.settle(hold, 0);
  }

  async renewHolds(owner: HoldOwner): Promise<void> {
    requireOwner(owner);
    this.owners.set(owner.id, this.now() + owner.leaseMs);
  }

  async reclaimHolds(): Promise<CreditHold[]> {
    const now = this.now();
    const reclaimed: CreditHold[] = [];
    for (const [id, record] of this.holds) {
      if (record.state !== 'open') {
        if (record.doneAt + SETTLED_KEPT_MS <= now && this.holds.delete(id)) this.doneCount -= 1;
        continue;
      }
      if (record.owner === null || (this.owners.get(record.owner) ?? 0) > now) continue;
      this.markDone(id, { ...record, state: 'reclaimed' });
      this.giveBack(record.teamId, record.amount);
      reclaimed.push({ teamId: record.teamId, amount: record.amount, id });
    }
    for (const [owner, until] of this.owners) if (until <= now) this.owners.delete(owner);
    for (const [id, at] of this.usageOnce) if (at + SETTLED_KEPT_MS <= now) this.usageOnce.delete(id);
    return reclaimed;
  }

  /** Adds `change` to a limited team's balance; an unlimited team stays unlimited. */
  private giveBack(teamId: string, change: number): void {
    const balance = this.credits.get(teamId);
    if (change !== 0 && balance !== undefined) this.credits.set(teamId, balance + change);
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    requireInteger('limit', limit, 0);
    requireInteger('windowMs', windowMs, 1);
    const now = this.now();
    this.pruneEnded(now);
    let window = this.windows.get(key);
    if (!window || window.end <= now) window = { start: now, end: now + windowMs, count: 0 };
    this.windows.delete(key);
    this.windows.set(key, window);
    if (window.count >= limit) {
      return { allowed: false, remaining: 0, retryAfterMs: limit === 0 ? windowMs : window.end - now };
    }
    window.count += 1;
    return { allowed: true, remaining: limit - window.count, retryAfterMs: 0 };
  }

  async addUsage(teamId: string, slot: UsageSlot, amounts: Partial<UsageAmounts>, once?: string): Promise<void> {
    const add = usageAmounts(slot, amounts);
    requireOnceId(once);
    if (once !== undefined) {
      if (this.usageOnce.has(once)) return;
      this.usageOnce.set(once, this.now());
      // Oldest first: the first key is the oldest id.
      if (this.usageOnce.size > MAX_REMEMBERED) this.usageOnce.delete(this.usageOnce.keys().next().value!);
    }
    let rows = this.usage.get(teamId);
    if (!rows) this.usage.set(teamId, (rows = new Map()));
    const key = `${slot.period}:${slot.apiKey ?? ''}`;
    const row = rows.get(key) ?? { period: slot.period, apiKey: slot.apiKey, credits: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    rows.set(key, {
      ...row,
      credits: row.credits + add.credits,
      inputTokens: row.inputTokens + add.inputTokens,
      outputTokens: row.outputTokens + add.outputTokens,
      totalTokens: row.totalTokens + add.totalTokens,
    });
  }

  async listUsage(teamId: string, since = Number.NEGATIVE_INFINITY): Promise<UsageRow[]> {
    return [...(this.usage.get(teamId)?.values() ?? [])].filter((row) => row.period >= since).map((row) => ({ ...row }));
  }

  clear(): void {
    this.credits.clear();
    this.windows.clear();
    this.usage.clear();
    this.holds.clear();
    this.doneCount = 0;
    this.owners.clear();
    this.usageOnce.clear();
  }

  private pruneEnded(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.end > now) break;
      this.windows.delete(key);
    }
  }
}
