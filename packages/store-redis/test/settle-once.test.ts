import { afterAll, describe, expect, it } from 'vitest';
import { TrawlError } from '@trawl/core';
import type { TeamLedger } from '@trawl/core/ports';
import { reserveCredits, settleCredits, settlementsDone } from '@trawl/core/server';
import { createRedisStore } from '../src/index.js';
import { deleteKeys, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const available = await redisAnswers();
if (!available) console.warn(NO_REDIS_MESSAGE);

/**
 * A settlement kept through an outage is tried again (core's pending-settlements); when the first
 * try reached Redis and only its answer was lost, the second must give nothing more back.
 */
/** A ledger whose first call of `method` reaches Redis but loses its answer, as a connection dropped just after the write. */
function losingFirstAnswer(teams: TeamLedger, method: 'settle' | 'addUsage'): TeamLedger {
  let lost = false;
  return new Proxy(teams, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as (...args: unknown[]) => Promise<unknown>;
      if (property !== method) return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        await value.apply(target, args);
        if (lost) return;
        lost = true;
        throw new TrawlError('STORE_UNAVAILABLE', 'the connection dropped before the answer came');
      };
    },
  });
}

describe.skipIf(!available)(available ? 'redis store: a hold settled twice' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('settle-once');
  afterAll(() => deleteKeys(prefix));

  it('gives the hold back once', async () => {
    const store = createRedisStore({ url: REDIS_URL, prefix });
    try {
      await store.teams.setCredits('team', 100);
      const { hold } = await store.teams.reserve('team', 10);
      expect(hold?.id).toEqual(expect.any(String));
      await store.teams.settle(hold!, 3);
      await store.teams.settle(hold!, 3);
      await store.teams.release(hold!);
      expect(await store.teams.getCredits('team')).toBe(97);
      // Another hold is its own.
      const other = await store.teams.reserve('team', 10);
      await store.teams.release(other.hold!);
      expect(await store.teams.getCredits('team')).toBe(97);
    } finally {
      await store.close();
    }
  });

  // A limited team's hold is settled and filed in one script; an unlimited team's empty hold files its usage alone.
  it.each([
    ['settle', 100, 96],
    ['addUsage', null, null],
  ] as const)('counts the usage row once when a %s reached Redis and only its answer was lost', async (method, balance, after) => {
    const store = createRedisStore({ url: REDIS_URL, prefix });
    const team = `usage-once-${method}`;
    try {
      await store.teams.setCredits(team, balance);
      const teams = losingFirstAnswer(store.teams, method);
      const hold = await reserveCredits(teams, { teamId: team, apiKey: 'key' }, 10);
      // The lost answer reads as an outage: the settlement is kept and tried again, in this process.
      await settleCredits(teams, hold, 4);
      expect(await settlementsDone(10_000)).toBe(true);
      expect(await store.teams.getCredits(team)).toBe(after);
      expect((await store.teams.listUsage(team)).map((row) => row.credits)).toEqual([4]);
    } finally {
      await store.close();
    }
  });
});
