import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { keepHolds, renewAndReclaim } from '../../src/credits/hold-keeper.js';
import { PROCESS_HOLD_OWNER, reserveHold } from '../../src/credits/hold-owner.js';
import { createMemoryStore } from '../../src/stores/memory/index.js';

/** A store whose clock the test moves. */
function clockedStore() {
  let now = Date.now();
  const store = createMemoryStore({ now: () => now });
  return { store, later: (ms: number) => (now += ms) };
}

it("keeps this process's holds and reclaims, with a log line, those of a process that stopped", async () => {
  const { store, later } = clockedStore();
  const lines: string[] = [];
  const logger = { error: (line: string) => void lines.push(line) };
  await store.teams.setCredits('team', 100);
  const own = (await reserveHold(store.teams, 'team', 10)).hold!;
  // A hold of another process, which then dies: it renews no more.
  await store.teams.reserve('team', 5, { id: 'killed-process', leaseMs: PROCESS_HOLD_OWNER.leaseMs });
  expect(await renewAndReclaim(store.teams, logger)).toBe(0);

  later(PROCESS_HOLD_OWNER.leaseMs / 2);
  expect(await renewAndReclaim(store.teams, logger)).toBe(0);
  later(PROCESS_HOLD_OWNER.leaseMs / 2 + 1);
  expect(await renewAndReclaim(store.teams, logger)).toBe(1);
  expect(lines).toEqual(['credits: 1 holds of stopped processes reclaimed (5 credits back to 1 teams)']);
  expect(await store.teams.getCredits('team')).toBe(90);
  await store.teams.settle(own, 4);
  expect(await store.teams.getCredits('team')).toBe(96);
});

it('runs one keeper per ledger however many parts of a process ask, until the last one stops', async () => {
  const { store, later } = clockedStore();
  await store.teams.setCredits('team', 10);
  await store.teams.reserve('team', 3, { id: 'killed-process', leaseMs: 1_000 });
  later(2_000);
  const quiet = { error: () => undefined };
  const [stopApi, stopWorker] = [keepHolds(store.teams, quiet, 20), keepHolds(store.teams, quiet, 20)];
  stopApi();
  await sleep(100);
  expect(await store.teams.getCredits('team')).toBe(10);
  stopWorker();
  await store.teams.reserve('team', 3, { id: 'another-killed-process', leaseMs: 1_000 });
  later(2_000);
  await sleep(100);
  // Stopped: nothing sweeps any more.
  expect(await store.teams.getCredits('team')).toBe(7);
});
