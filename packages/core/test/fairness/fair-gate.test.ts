import { describe, expect, it } from 'vitest';
import { createFairGate } from '../../src/fairness/fair-gate.js';

/** The gate in front of status reads: per-team and total places, teams in turn, a place per loop turn. */
describe('fair gate', () => {
  it('lets one in at a time and gives waiting teams turns, not first-come order', async () => {
    const gate = createFairGate({ perTeam: 1, total: 1 });
    const granted: Array<{ who: string; leave: () => void }> = [];
    const turns = () => new Promise((resolve) => setTimeout(resolve, 5));
    const first = await gate.enter('heavy');
    // The heavy team queues three more before the light one asks once.
    for (const who of ['heavy-1', 'heavy-2', 'heavy-3', 'light'])
      void gate.enter(who.split('-')[0]!).then((leave) => granted.push({ who, leave }));
    await turns();
    expect(granted).toEqual([]);
    first();
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await turns();
      // Only one holds the place at a time.
      expect(granted).toHaveLength(1);
      const { who, leave } = granted.shift()!;
      order.push(who);
      leave();
    }
    expect(order).toEqual(['heavy-1', 'light', 'heavy-2', 'heavy-3']);
  });

  it('lets other teams in while one team is at its cap, and drops a waiter whose signal aborts', async () => {
    const gate = createFairGate({ perTeam: 1, total: 4 });
    const held = await gate.enter('a');
    const other = await gate.enter('b');
    const aborter = new AbortController();
    const waiting = gate.enter('a', aborter.signal);
    aborter.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    held();
    other();
    // The aborted waiter took no place: the team gets one at once.
    (await gate.enter('a'))();
  });

  it('lets the unlimited team (library calls that name none) take every place, and caps the others', async () => {
    const gate = createFairGate({ perTeam: 1, total: 2, unlimitedTeam: 'anonymous' });
    const both = await Promise.all([gate.enter('anonymous'), gate.enter('anonymous')]);
    for (const leave of both) leave();
    await gate.enter('x');
    let second = false;
    void gate.enter('x').then(() => (second = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second).toBe(false);
  });

  it('with aloneMs, lets a team alone take every place, and caps it once another team has come', async () => {
    const gate = createFairGate({ perTeam: 1, total: 2, aloneMs: 60_000 });
    // Alone: both places at once.
    const both = await Promise.all([gate.enter('a'), gate.enter('a')]);
    for (const leave of both) leave();
    // Another team comes and goes: for aloneMs team a is held to its share again.
    (await gate.enter('b'))();
    await gate.enter('a');
    let second = false;
    void gate.enter('a').then(() => (second = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second).toBe(false);
  });

  it('with aloneMs, forgets a team that has not come for that long', async () => {
    const gate = createFairGate({ perTeam: 1, total: 2, aloneMs: 30 });
    (await gate.enter('b'))();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const both = await Promise.all([gate.enter('a'), gate.enter('a')]);
    expect(both).toHaveLength(2);
  });
});
