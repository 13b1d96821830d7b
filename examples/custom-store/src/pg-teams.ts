import { refundOf, type CreditHold, type CreditReservation, type RateLimitResult, type TeamLedger } from '@trawl/core';
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

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    return inTransaction(this.pool, async (client) => {
      await client.query('INSERT INTO rate_windows (key, window_end, count) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [key, now + windowMs]);
      const { rows } = await client.query<{ window_end: string; count: number }>('SELECT window_end, count FROM rate_windows WHERE key = $1 FOR UPDATE', [key]);
      let windowEnd = Number(rows[0]!.window_end);
      let count = rows[0]!.count;
      if (windowEnd <= now) [windowEnd, count] = [now + windowMs, 0];
      if (count >= limit) return { allowed: false, remaining: 0, retryAfterMs: limit === 0 ? windowMs : windowEnd - now };
      await client.query('UPDATE rate_windows SET window_end = $2, count = $3 WHERE key = $1', [key, windowEnd, count + 1]);
      return { allowed: true, remaining: limit - count - 1, retryAfterMs: 0 };
    });
  }
}
