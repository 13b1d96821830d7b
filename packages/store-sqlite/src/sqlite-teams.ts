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
} from '@trawl/core/ports';
import type { Connection } from './connection.js';
import { refundOf, requireFinite, requireInteger, requireOnceId, requireOwner, SETTLED_KEPT_MS, usageAmounts } from './validate.js';

interface UsageRecord {
  period: number;
  api_key: string;
  credits: number;
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
}

/** Ended windows removed per hit, so the table stays small without a sweeper. */
const PRUNE_BATCH = 100;
/** Settled holds and usage ids past SETTLED_KEPT_MS forgotten per reclaim sweep. */
const FORGET_BATCH = 1_000;

/**
 * Credits (no row = unlimited) and fixed-window rate limits: a key's window of `windowMs`
 * starts at its first hit after the previous window ended.
 */
export class SqliteTeamLedger implements TeamLedger {
  private readonly statements;

  constructor(
    private readonly connection: Connection,
    private readonly now: () => number,
  ) {
    const db = connection.db;
    this.statements = {
      credits: db.prepare<[string], { credits: number }>('SELECT credits FROM team_credits WHERE team_id = ?'),
      setCredits: db.prepare(
        'INSERT INTO team_credits (team_id, credits) VALUES (?, ?) ON CONFLICT (team_id) DO UPDATE SET credits = excluded.credits',
      ),
      unlimit: db.prepare('DELETE FROM team_credits WHERE team_id = ?'),
      take: db.prepare<[number, string, number], { credits: number }>(
        'UPDATE team_credits SET credits = credits - ? WHERE team_id = ? AND credits >= ? RETURNING credits',
      ),
      giveBack: db.prepare('UPDATE team_credits SET credits = credits + ? WHERE team_id = ?'),
      keepHold: db.prepare("INSERT INTO credit_holds (id, team_id, amount, owner, state) VALUES (?, ?, ?, ?, 'open')"),
      holdState: db.prepare<[string], { state: string }>('SELECT state FROM credit_holds WHERE id = ?'),
      markSettled: db.prepare(
        `INSERT INTO credit_holds (id, team_id, amount, owner, state, done_at) VALUES (?, ?, ?, NULL, 'settled', ?)
         ON CONFLICT (id) DO UPDATE SET state = 'settled', done_at = excluded.done_at`,
      ),
      renewOwner: db.prepare(
        'INSERT INTO hold_owners (id, alive_until) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET alive_until = excluded.alive_until',
      ),
      lapsedHolds: db.prepare<[number], { id: string; team_id: string; amount: number }>(
        `SELECT id, team_id, amount FROM credit_holds
         WHERE state = 'open' AND owner IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM hold_owners WHERE hold_owners.id = credit_holds.owner AND alive_until > ?)`,
      ),
      markReclaimed: db.prepare("UPDATE credit_holds SET state = 'reclaimed', done_at = ? WHERE id = ?"),
      forgetOwners: db.prepare('DELETE FROM hold_owners WHERE alive_until <= ?'),
      forgetHolds: db.prepare(
        "DELETE FROM credit_holds WHERE id IN (SELECT id FROM credit_holds WHERE state <> 'open' AND done_at <= ? LIMIT ?)",
      ),
      forgetUsageIds: db.prepare('DELETE FROM usage_once WHERE id IN (SELECT id FROM usage_once WHERE added_at <= ? LIMIT ?)'),
      usageOnce: db.prepare('INSERT INTO usage_once (id, added_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING'),
      window: db.prepare<[string], { window_end: number; count: number }>('SELECT window_end, count FROM rate_windows WHERE key = ?'),
      openWindow: db.prepare(
        `INSERT INTO rate_windows (key, window_end, count) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET window_end = excluded.window_end, count = excluded.count`,
      ),
      countHit: db.prepare('UPDATE rate_windows SET count = count + 1 WHERE key = ?'),
      prune: db.prepare(
        'DELETE FROM rate_windows WHERE key IN (SELECT key FROM rate_windows WHERE window_end <= ? ORDER BY window_end LIMIT ?)',
      ),
      addUsage: db.prepare(
        `INSERT INTO team_usage (team_id, period, api_key, credits, input_tokens, output_tokens, total_tokens) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (team_id, period, api_key) DO UPDATE SET
           credits = credits + excluded.credits, input_tokens = input_tokens + excluded.input_tokens,
           output_tokens = output_tokens + excluded.output_tokens, total_tokens = total_tokens + excluded.total_tokens`,
      ),
      usage: db.prepare<[string, number], UsageRecord>(
        'SELECT period, api_key, credits, input_tokens, output_tokens, total_tokens FROM team_usage WHERE team_id = ? AND period >= ?',
      ),
    };
  }

  async getCredits(teamId: string): Promise<number | null> {
    return this.statements.credits.get(teamId)?.credits ?? null;
  }

  async setCredits(teamId: string, credits: number | null): Promise<void> {
    if (credits !== null) requireFinite('credits', credits, Number.NEGATIVE_INFINITY);
    this.connection.write(() => {
      if (credits === null) this.statements.unlimit.run(teamId);
      else this.statements.setCredits.run(teamId, credits);
    });
  }

  async reserve(teamId: string, amount: number, owner?: HoldOwner): Promise<CreditReservation> {
    requireFinite('amount', amount, 0);
    if (owner) requireOwner(owner);
    return this.connection.write(() => {
      const taken = this.statements.take.get(amount, teamId, amount);
      if (taken) {
        if (owner) this.statements.renewOwner.run(owner.id, this.now() + owner.leaseMs);
        if (amount === 0) return { ok: true, remaining: taken.credits, hold: { teamId, amount } };
        // Kept by id in the same transaction as the take: a process killed after it leaves a hold to reclaim.
        const id = randomUUID();
        this.statements.keepHold.run(id, teamId, amount, owner?.id ?? null);
        return { ok: true, remaining: taken.credits, hold: { teamId, amount, id } };
      }
      const balance = this.statements.credits.get(teamId)?.credits;
      if (balance === undefined) return { ok: true, remaining: null, hold: { teamId, amount: 0 } };
      return { ok: false, remaining: balance, hold: null };
    });
  }

  async settle(hold: CreditHold, cost: number, usage?: UsageSlot): Promise<void> {
    const refund = refundOf(hold, cost);
    const charged = hold.amount - refund;
    if (usage) usageAmounts(usage, {});
    const { id } = hold;
    this.connection.write(() => {
      const state = id === undefined ? undefined : this.statements.holdState.get(id)?.state;
      if (state === 'settled') return;
      if (usage && charged > 0) this.statements.addUsage.run(hold.teamId, usage.period, usage.apiKey ?? '', charged, 0, 0, 0);
      // Reclaimed: the whole hold went back, so what the work cost is taken now.
      const change = state === 'reclaimed' ? -(hold.amount - refund) : refund;
      if (id !== undefined) this.statements.markSettled.run(id, hold.teamId, hold.amount, this.now());
      // No row (the team was made unlimited meanwhile) updates nothing: it stays unlimited.
      if (change !== 0) this.statements.giveBack.run(change, hold.teamId);
    });
  }

  async release(hold: CreditHold): Promise<void> {
    await this.settle(hold, 0);
  }

  async renewHolds(owner: HoldOwner): Promise<void> {
    requireOwner(owner);
    this.connection.write(() => this.statements.renewOwner.run(owner.id, this.now() + owner.leaseMs));
  }

  async reclaimHolds(): Promise<CreditHold[]> {
    const now = this.now();
    return this.connection.write(() => {
      const s = this.statements;
      const lapsed = s.lapsedHolds.all(now);
      for (const hold of lapsed) {
        s.markReclaimed.run(now, hold.id);
        s.giveBack.run(hold.amount, hold.team_id);
      }
      s.forgetOwners.run(now);
      s.forgetHolds.run(now - SETTLED_KEPT_MS, FORGET_BATCH);
      s.forgetUsageIds.run(now - SETTLED_KEPT_MS, FORGET_BATCH);
      return lapsed.map((hold) => ({ teamId: hold.team_id, amount: hold.amount, id: hold.id }));
    });
  }

  async addUsage(teamId: string, slot: UsageSlot, amounts: Partial<UsageAmounts>, once?: string): Promise<void> {
    const add = usageAmounts(slot, amounts);
    requireOnceId(once);
    this.connection.write(() => {
      // The id's row and the add commit together: an id already there means the add counted.
      if (once !== undefined && this.statements.usageOnce.run(once, this.now()).changes === 0) return;
      // A key label is never empty, so '' stands for "no key" in the primary key (NULLs would not conflict).
      this.statements.addUsage.run(teamId, slot.period, slot.apiKey ?? '', add.credits, add.inputTokens, add.outputTokens, add.totalTokens);
    });
  }

  async listUsage(teamId: string, since = Number.MIN_SAFE_INTEGER): Promise<UsageRow[]> {
    return this.statements.usage.all(teamId, since).map((row) => ({
      period: row.period,
      apiKey: row.api_key === '' ? null : row.api_key,
      credits: row.credits,
      inputTokens: row.input_tokens,
      outputTokens: row.output_tokens,
      totalTokens: row.total_tokens,
    }));
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    requireInteger('limit', limit, 0);
    requireInteger('windowMs', windowMs, 1);
    const now = this.now();
    return this.connection.write(() => {
      const s = this.statements;
      s.prune.run(now, PRUNE_BATCH);
      let window = s.window.get(key);
      if (!window || window.window_end <= now) {
        window = { window_end: now + windowMs, count: 0 };
        s.openWindow.run(key, window.window_end, 0);
      }
      if (window.count >= limit) {
        return { allowed: false, remaining: 0, retryAfterMs: limit === 0 ? windowMs : window.window_end - now };
      }
      s.countHit.run(key);
      return { allowed: true, remaining: limit - window.count - 1, retryAfterMs: 0 };
    });
  }
}
