import { describe, expect, it } from 'vitest';
import type { Store, TeamLedger, UsageRow } from '../ports/store.js';
import type { Harness, StoreFactory } from './harness.js';

const JANUARY = Date.UTC(2026, 0, 1);
const FEBRUARY = Date.UTC(2026, 1, 1);
const MARCH = Date.UTC(2026, 2, 1);

/** Rows in a fixed order (the store promises none). */
async function rowsOf(teams: TeamLedger, teamId: string, since?: number): Promise<UsageRow[]> {
  const rows = await teams.listUsage(teamId, since);
  return rows.sort((a, b) => a.period - b.period || String(a.apiKey ?? '').localeCompare(String(b.apiKey ?? '')));
}

const row = (period: number, apiKey: string | null, amounts: Partial<UsageRow>): UsageRow => ({
  period,
  apiKey,
  credits: 0,
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  ...amounts,
});

export function describeUsage(h: Harness, makeStore: StoreFactory, sharedStorage: boolean): void {
  describe('usage', () => {
    it('adds credits and tokens up per period and API key, a request without a key apart', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      expect(await teams.listUsage(team)).toEqual([]);
      await teams.addUsage(team, { period: JANUARY, apiKey: 'key-a' }, { credits: 2 });
      await teams.addUsage(
        team,
        { period: JANUARY, apiKey: 'key-a' },
        { credits: 3, inputTokens: 100, outputTokens: 20, totalTokens: 120 },
      );
      await teams.addUsage(team, { period: JANUARY, apiKey: 'key-b' }, { inputTokens: 7, outputTokens: 1, totalTokens: 8 });
      await teams.addUsage(team, { period: JANUARY, apiKey: null }, { credits: 1 });
      await teams.addUsage(team, { period: FEBRUARY, apiKey: 'key-a' }, { credits: 0.5 });
      expect(await rowsOf(teams, team)).toEqual([
        row(JANUARY, null, { credits: 1 }),
        row(JANUARY, 'key-a', { credits: 5, inputTokens: 100, outputTokens: 20, totalTokens: 120 }),
        row(JANUARY, 'key-b', { inputTokens: 7, outputTokens: 1, totalTokens: 8 }),
        row(FEBRUARY, 'key-a', { credits: 0.5 }),
      ]);
      // Another team's history is its own.
      expect(await teams.listUsage(h.id('team'))).toEqual([]);
    });

    it('lists the periods from `since` on', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      for (const period of [JANUARY, FEBRUARY, MARCH]) await teams.addUsage(team, { period, apiKey: 'key' }, { credits: 1 });
      expect((await rowsOf(teams, team, FEBRUARY)).map((r) => r.period)).toEqual([FEBRUARY, MARCH]);
      expect(await rowsOf(teams, team, MARCH + 1)).toEqual([]);
    });

    it('hands back copies: changing a listed row changes nothing stored', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await teams.addUsage(team, { period: JANUARY, apiKey: 'key' }, { credits: 1 });
      const [listed] = await teams.listUsage(team);
      listed!.credits = 1000;
      expect((await teams.listUsage(team))[0]!.credits).toBe(1);
    });

    it('counts every one of many concurrent adds', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          teams.addUsage(
            team,
            { period: JANUARY, apiKey: i % 2 ? 'odd' : 'even' },
            { credits: 1, inputTokens: 10, outputTokens: 2, totalTokens: 12 },
          ),
        ),
      );
      expect(await rowsOf(teams, team)).toEqual([
        row(JANUARY, 'even', { credits: 20, inputTokens: 200, outputTokens: 40, totalTokens: 240 }),
        row(JANUARY, 'odd', { credits: 20, inputTokens: 200, outputTokens: 40, totalTokens: 240 }),
      ]);
    });

    it('rejects negative or non-finite amounts, fractional tokens, a fractional period and an empty key', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      const slot = { period: JANUARY, apiKey: 'key' };
      await expect(teams.addUsage(team, slot, { credits: -1 })).rejects.toThrow(RangeError);
      await expect(teams.addUsage(team, slot, { credits: Number.NaN })).rejects.toThrow(RangeError);
      await expect(teams.addUsage(team, slot, { inputTokens: 1.5 })).rejects.toThrow(RangeError);
      await expect(teams.addUsage(team, slot, { totalTokens: -3 })).rejects.toThrow(RangeError);
      await expect(teams.addUsage(team, { period: 0.5, apiKey: 'key' }, { credits: 1 })).rejects.toThrow(RangeError);
      await expect(teams.addUsage(team, { period: JANUARY, apiKey: '' }, { credits: 1 })).rejects.toThrow(RangeError);
      expect(await teams.listUsage(team)).toEqual([]);
    });

    it('counts an add with a `once` id once, however often it is tried, also at once', async () => {
      const team = h.id('team');
      const teams = h.store().teams;
      const slot = { period: JANUARY, apiKey: 'key' };
      const [first, second] = [h.id('settlement'), h.id('settlement')];
      await teams.addUsage(team, slot, { credits: 2 }, first);
      await teams.addUsage(team, slot, { credits: 2 }, first);
      await Promise.all(Array.from({ length: 5 }, () => teams.addUsage(team, slot, { credits: 3, totalTokens: 4 }, second)));
      await teams.addUsage(team, slot, { credits: 1 });
      expect(await rowsOf(teams, team)).toEqual([row(JANUARY, 'key', { credits: 6, totalTokens: 4 })]);
      await expect(teams.addUsage(team, slot, { credits: 1 }, '')).rejects.toThrow(RangeError);
    });

    it.runIf(sharedStorage)('adds up what two store instances (two API nodes) record at once', async () => {
      const team = h.id('team');
      const second: Store = await makeStore({ now: h.now });
      try {
        const nodes = [h.store().teams, second.teams];
        await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            nodes[i % 2]!.addUsage(team, { period: MARCH, apiKey: 'shared' }, { credits: 2, totalTokens: 5 }),
          ),
        );
        expect(await rowsOf(nodes[1]!, team)).toEqual([row(MARCH, 'shared', { credits: 60, totalTokens: 150 })]);
      } finally {
        await second.close();
      }
    });
  });
}
