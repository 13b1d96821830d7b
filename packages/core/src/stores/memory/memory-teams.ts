import type { CreditHold, CreditReservation, RateLimitResult, TeamLedger, UsageAmounts, UsageRow, UsageSlot } from '../../ports/store.js';
import { refundOf, requireFinite, requireInteger, usageAmounts } from '../../ports/store-arguments.js';

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

  async reserve(teamId: string, amount: number): Promise<CreditReservation> {
    requireFinite('amount', amount, 0);
    const balance = this.credits.get(teamId);
    if (balance === undefined) return { ok: true, remaining: null, hold: { teamId, amount: 0 } };
    if (balance < amount) return { ok: false, remaining: balance, hold: null };
    this.credits.set(teamId, balance - amount);
    return { ok: true, remaining: balance - amount, hold: { teamId, amount } };
  }

  async settle(hold: CreditHold, cost: number): Promise<void> {
    const refund = refundOf(hold, cost);
    const balance = this.credits.get(hold.teamId);
    if (refund > 0 && balance !== undefined) this.credits.set(hold.teamId, balance + refund);
  }

  async release(hold: CreditHold): Promise<void> {
    await this.settle(hold, 0);
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

  async addUsage(teamId: string, slot: UsageSlot, amounts: Partial<UsageAmounts>): Promise<void> {
    const add = usageAmounts(slot, amounts);
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
  }

  private pruneEnded(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.end > now) break;
      this.windows.delete(key);
    }
  }
}
