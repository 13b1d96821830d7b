import { randomUUID } from 'node:crypto';
import {
  refundOf,
  requireOnceId,
  requireOwner,
  SETTLED_KEPT_MS,
  usageAmounts,
  type CreditHold,
  type CreditReservation,
  type HoldOwner,
  type RateLimitResult,
  type TeamLedger,
  type UsageAmounts,
  type UsageRow,
  type UsageSlot,
} from '@trawl/core/ports';
import type pg from 'pg';
import { inTransaction } from './schema.js';

export class PgTeamLedger implements TeamLedger {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async getCredits(teamId: string): Promise<number | null> {
    const { rows } = await this.pool.query<{ credits: number }>('SELECT credits FROM team_credits WHERE team_id = $1', [teamId]);
    return rows[0]?.credits ?? null;
  }

  async setCredits(teamId: string, credits: number | null): Promise<void> {
    if (credits === null) await this.pool.query('DELETE FROM team_credits WHERE team_id = $1', [teamId]);
    else {
      await this.pool.query(
        'INSERT INTO team_credits (team_id, credits) VALUES ($1, $2) ON CONFLICT (team_id) DO UPDATE SET credits = excluded.credits',
        [teamId, credits],
      );
    }
  }

  async reserve(teamId: string, amount: number, owner?: HoldOwner): Promise<CreditReservation> {
    if (!(amount >= 0 && Number.isFinite(amount))) throw new RangeError(`amount must be a finite number >= 0, got ${amount}`);
    if (owner) requireOwner(owner);
    return inTransaction(this.pool, async (client) => {
      // The balance check sits in the WHERE clause, so concurrent reservations can never overdraw.
      const taken = await client.query<{ credits: number }>(
        'UPDATE team_credits SET credits = credits - $2 WHERE team_id = $1 AND credits >= $2 RETURNING credits',
        [teamId, amount],
      );
      const remaining = taken.rows[0]?.credits;
      if (remaining === undefined) {
        const { rows } = await client.query<{ credits: number }>('SELECT credits FROM team_credits WHERE team_id = $1', [teamId]);
        const balance = rows[0]?.credits;
        return balance === undefined
          ? { ok: true, remaining: null, hold: { teamId, amount: 0 } }
          : { ok: false, remaining: balance, hold: null };
      }
      if (owner) await this.renewIn(client, owner);
      if (amount === 0) return { ok: true, remaining, hold: { teamId, amount } };
      // Kept by id in the same transaction as the take: a process killed after it leaves a hold to reclaim.
      const id = randomUUID();
      await client.query("INSERT INTO credit_holds (id, team_id, amount, owner, state) VALUES ($1, $2, $3, $4, 'open')", [
        id,
        teamId,
        amount,
        owner?.id ?? null,
      ]);
      return { ok: true, remaining, hold: { teamId, amount, id } };
    });
  }

  async settle(hold: CreditHold, cost: number, usage?: UsageSlot): Promise<void> {
    const refund = refundOf(hold, cost);
    const charged = hold.amount - refund;
    if (usage) usageAmounts(usage, {});
    const { id } = hold;
    await inTransaction(this.pool, async (client) => {
      let state: string | undefined;
      if (id !== undefined) {
        // Inserting first locks the hold's row, so two settles of one hold run one after the other.
        const { rows } = await client.query<{ state: string }>(
          `INSERT INTO credit_holds (id, team_id, amount, owner, state, done_at) VALUES ($1, $2, $3, NULL, 'new', $4)
           ON CONFLICT (id) DO UPDATE SET done_at = credit_holds.done_at RETURNING state`,
          [id, hold.teamId, hold.amount, this.now()],
        );
        state = rows[0]!.state;
        if (state === 'settled') return;
        await client.query("UPDATE credit_holds SET state = 'settled', done_at = $2 WHERE id = $1", [id, this.now()]);
      }
      if (usage && charged > 0) await this.addUsageIn(client, hold.teamId, usage, { credits: charged });
      // Reclaimed: the whole hold went back, so what the work cost is taken now.
      const change = state === 'reclaimed' ? -(hold.amount - refund) : refund;
      // No row (the team was made unlimited meanwhile) updates nothing: it stays unlimited.
      if (change !== 0) await client.query('UPDATE team_credits SET credits = credits + $2 WHERE team_id = $1', [hold.teamId, change]);
    });
  }

  async release(hold: CreditHold): Promise<void> {
    await this.settle(hold, 0);
  }

  async renewHolds(owner: HoldOwner): Promise<void> {
    requireOwner(owner);
    await this.renewIn(this.pool, owner);
  }

  async reclaimHolds(): Promise<CreditHold[]> {
    const now = this.now();
    return inTransaction(this.pool, async (client) => {
      // FOR UPDATE SKIP LOCKED: two sweeps at once each take different holds; a hold being settled is left alone.
      const { rows } = await client.query<{ id: string; team_id: string; amount: number }>(
        `SELECT id, team_id, amount FROM credit_holds
         WHERE state = 'open' AND owner IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM hold_owners WHERE hold_owners.id = credit_holds.owner AND alive_until > $1)
         FOR UPDATE SKIP LOCKED`,
        [now],
      );
      for (const hold of rows) {
        await client.query("UPDATE credit_holds SET state = 'reclaimed', done_at = $2 WHERE id = $1", [hold.id, now]);
        await client.query('UPDATE team_credits SET credits = credits + $2 WHERE team_id = $1', [hold.team_id, hold.amount]);
      }
      await client.query('DELETE FROM hold_owners WHERE alive_until <= $1', [now]);
      await client.query("DELETE FROM credit_holds WHERE state <> 'open' AND done_at <= $1", [now - SETTLED_KEPT_MS]);
      await client.query('DELETE FROM usage_once WHERE added_at <= $1', [now - SETTLED_KEPT_MS]);
      return rows.map((hold) => ({ teamId: hold.team_id, amount: hold.amount, id: hold.id }));
    });
  }

  private async renewIn(client: pg.Pool | pg.PoolClient, owner: HoldOwner): Promise<void> {
    await client.query(
      'INSERT INTO hold_owners (id, alive_until) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET alive_until = excluded.alive_until',
      [owner.id, this.now() + owner.leaseMs],
    );
  }

  async addUsage(teamId: string, slot: UsageSlot, amounts: Partial<UsageAmounts>, once?: string): Promise<void> {
    const add = usageAmounts(slot, amounts);
    requireOnceId(once);
    await inTransaction(this.pool, async (client) => {
      // The id's row and the add commit together: an id already there means the add counted.
      if (once !== undefined) {
        const marked = await client.query('INSERT INTO usage_once (id, added_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [
          once,
          this.now(),
        ]);
        if (marked.rowCount === 0) return;
      }
      await this.addUsageIn(client, teamId, slot, add);
    });
  }

  /** One upsert: concurrent adds to a row serialise on it and all count. */
  private async addUsageIn(client: pg.PoolClient, teamId: string, slot: UsageSlot, amounts: Partial<UsageAmounts>): Promise<void> {
    const add = usageAmounts(slot, amounts);
    await client.query(
      `INSERT INTO team_usage (team_id, period, api_key, credits, input_tokens, output_tokens, total_tokens) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (team_id, period, api_key) DO UPDATE SET
         credits = team_usage.credits + excluded.credits, input_tokens = team_usage.input_tokens + excluded.input_tokens,
         output_tokens = team_usage.output_tokens + excluded.output_tokens, total_tokens = team_usage.total_tokens + excluded.total_tokens`,
      [teamId, slot.period, slot.apiKey ?? '', add.credits, add.inputTokens, add.outputTokens, add.totalTokens],
    );
  }

  async listUsage(teamId: string, since = Number.MIN_SAFE_INTEGER): Promise<UsageRow[]> {
    // BIGINT columns come back as strings.
    const { rows } = await this.pool.query<{
      period: string;
      api_key: string;
      credits: number;
      input_tokens: string;
      output_tokens: string;
      total_tokens: string;
    }>('SELECT period, api_key, credits, input_tokens, output_tokens, total_tokens FROM team_usage WHERE team_id = $1 AND period >= $2', [
      teamId,
      since,
    ]);
    return rows.map((row) => ({
      period: Number(row.period),
      apiKey: row.api_key === '' ? null : row.api_key,
      credits: row.credits,
      inputTokens: Number(row.input_tokens),
      outputTokens: Number(row.output_tokens),
      totalTokens: Number(row.total_tokens),
    }));
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    return inTransaction(this.pool, async (client) => {
      await client.query('INSERT INTO rate_windows (key, window_end, count) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [
        key,
        now + windowMs,
      ]);
      const { rows } = await client.query<{ window_end: string; count: number }>(
        'SELECT window_end, count FROM rate_windows WHERE key = $1 FOR UPDATE',
        [key],
      );
      let windowEnd = Number(rows[0]!.window_end);
      let count = rows[0]!.count;
      if (windowEnd <= now) [windowEnd, count] = [now + windowMs, 0];
      if (count >= limit) return { allowed: false, remaining: 0, retryAfterMs: limit === 0 ? windowMs : windowEnd - now };
      await client.query('UPDATE rate_windows SET window_end = $2, count = $3 WHERE key = $1', [key, windowEnd, count + 1]);
      return { allowed: true, remaining: limit - count - 1, retryAfterMs: 0 };
    });
  }
}
