import {
  refundOf,
  usageAmounts,
  type CreditHold,
  type CreditReservation,
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

  async reserve(teamId: string, amount: number): Promise<CreditReservation> {
    if (!(amount >= 0 && Number.isFinite(amount))) throw new RangeError(`amount must be a finite number >= 0, got ${amount}`);
    // The balance check sits in the WHERE clause, so concurrent reservations can never overdraw.
    const taken = await this.pool.query<{ credits: number }>(
      'UPDATE team_credits SET credits = credits - $2 WHERE team_id = $1 AND credits >= $2 RETURNING credits',
      [teamId, amount],
    );
    if (taken.rows[0]) return { ok: true, remaining: taken.rows[0].credits, hold: { teamId, amount } };
    const balance = await this.getCredits(teamId);
    return balance === null ? { ok: true, remaining: null, hold: { teamId, amount: 0 } } : { ok: false, remaining: balance, hold: null };
  }

  async settle(hold: CreditHold, cost: number): Promise<void> {
    const refund = refundOf(hold, cost);
    // No row (the team was made unlimited meanwhile) updates nothing: it stays unlimited.
    if (refund > 0) await this.pool.query('UPDATE team_credits SET credits = credits + $2 WHERE team_id = $1', [hold.teamId, refund]);
  }

  async release(hold: CreditHold): Promise<void> {
    await this.settle(hold, 0);
  }

  async addUsage(teamId: string, slot: UsageSlot, amounts: Partial<UsageAmounts>): Promise<void> {
    const add = usageAmounts(slot, amounts);
    // One upsert: concurrent adds to a row serialise on it and all count.
    await this.pool.query(
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
