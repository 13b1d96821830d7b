import { describe, expect, it } from 'vitest';
import type { MonitorCheckRecord, MonitorEventRecord, MonitorRepo, NewMonitor, Store } from '../ports/store.js';
import type { Harness, StoreFactory } from './harness.js';

const LEASE = 60_000;

function newMonitor(h: Harness, teamId: string, nextRunAt: number | null, createdAt = h.now()): NewMonitor {
  return {
    id: h.id('monitor'),
    teamId,
    createdAt,
    nextRunAt,
    spec: { name: 'prices', targets: [{ type: 'scrape', urls: ['https://m.test/'] }] },
  };
}

const check = (monitorId: string, id: string, createdAt: number): MonitorCheckRecord => ({
  id,
  monitorId,
  createdAt,
  check: { status: 'completed', pages: [{ url: 'https://m.test/', status: 'same' }] },
});

const event = (monitorId: string, id: string, createdAt: number): MonitorEventRecord => ({
  id,
  monitorId,
  createdAt,
  event: { url: 'https://hooks.test/', body: { type: 'monitor.check.completed', id } },
});

/** The outbox's events of these monitors, oldest first (a shared store holds other tests' too). */
async function pendingOf(monitors: MonitorRepo, ids: readonly string[]): Promise<MonitorEventRecord[]> {
  return (await monitors.pendingEvents({ limit: 10_000 })).filter((e) => ids.includes(e.monitorId));
}

export function describeMonitors(h: Harness, makeStore: StoreFactory, sharedStorage: boolean): void {
  describe('monitors', () => {
    it('creates, gets, lists (oldest first, paged), updates and deletes monitors', async () => {
      const monitors = h.store().monitors;
      const team = h.id('team');
      const first = newMonitor(h, team, h.now() + 1000, 100);
      const second = newMonitor(h, team, null, 200);
      const created = await monitors.create(first);
      expect(created).toMatchObject({ id: first.id, teamId: team, createdAt: 100, nextRunAt: first.nextRunAt, spec: first.spec });
      expect(await monitors.create({ ...first, spec: {} })).toBeNull();
      await monitors.create(second);
      await monitors.create(newMonitor(h, h.id('team'), null));
      expect((await monitors.list(team, { offset: 0, limit: 10 })).map((m) => m.id)).toEqual([first.id, second.id]);
      expect((await monitors.list(team, { offset: 1, limit: 10 })).map((m) => m.id)).toEqual([second.id]);
      expect((await monitors.list(team, { offset: 0, limit: 1 })).map((m) => m.id)).toEqual([first.id]);
      const updated = await monitors.update(first.id, { spec: { name: 'renamed' }, nextRunAt: null, state: { lastRunAt: 5 } });
      expect(updated).toMatchObject({ spec: { name: 'renamed' }, nextRunAt: null, state: { lastRunAt: 5 } });
      expect(await monitors.get(first.id)).toEqual(updated);
      expect(await monitors.update(h.id('missing'), { nextRunAt: null })).toBeNull();
      expect(await monitors.delete(first.id)).toBe(true);
      expect(await monitors.delete(first.id)).toBe(false);
      expect(await monitors.get(first.id)).toBeNull();
    });

    it('claims a due monitor once until it is finished or its claim lapses', async () => {
      const monitors = h.store().monitors;
      const due = newMonitor(h, h.id('team'), h.now() - 10);
      const later = newMonitor(h, h.id('team'), h.now() + 3_600_000);
      const paused = newMonitor(h, h.id('team'), null);
      for (const m of [due, later, paused]) await monitors.create(m);
      const claims = (await monitors.claimDue({ max: 100, leaseMs: 500 })).filter((c) =>
        [due.id, later.id, paused.id].includes(c.monitor.id),
      );
      expect(claims.map((c) => [c.monitor.id, c.dueAt])).toEqual([[due.id, due.nextRunAt]]);
      const claimed = claims[0]!;
      expect((await monitors.claimDue({ max: 100, leaseMs: 500 })).some((c) => c.monitor.id === due.id)).toBe(false);
      await h.elapse(600);
      // The claim lapsed unfinished (its worker died): the same due time is claimed again.
      const again = (await monitors.claimDue({ max: 100, leaseMs: LEASE })).find((c) => c.monitor.id === due.id)!;
      expect(again.dueAt).toBe(claimed.dueAt);
      expect(again.token).not.toBe(claimed.token);
      // The first worker's late finish is refused; the current claim's is taken once.
      const next = h.now() + 60_000;
      expect(await monitors.finishRun(claimed, { nextRunAt: next })).toBe(false);
      expect(await monitors.finishRun(again, { nextRunAt: next, state: { lastRunAt: 1 } })).toBe(true);
      expect(await monitors.finishRun(again, { nextRunAt: next + 1 })).toBe(false);
      expect(await monitors.get(due.id)).toMatchObject({ nextRunAt: next, state: { lastRunAt: 1 } });
      expect((await monitors.claimDue({ max: 100, leaseMs: LEASE })).some((c) => c.monitor.id === due.id)).toBe(false);
    });

    it('refuses to finish a claim whose monitor was rescheduled or deleted meanwhile', async () => {
      const monitors = h.store().monitors;
      const a = newMonitor(h, h.id('team'), h.now() - 5);
      const b = newMonitor(h, h.id('team'), h.now() - 5);
      await monitors.create(a);
      await monitors.create(b);
      const claims = (await monitors.claimDue({ max: 100, leaseMs: LEASE })).filter((c) => c.monitor.id === a.id || c.monitor.id === b.id);
      expect(claims).toHaveLength(2);
      const rescheduled = h.now() + 50_000;
      await monitors.update(a.id, { nextRunAt: rescheduled });
      await monitors.delete(b.id);
      for (const claim of claims) expect(await monitors.finishRun(claim, { nextRunAt: h.now() + 1 })).toBe(false);
      expect((await monitors.get(a.id))?.nextRunAt).toBe(rescheduled);
    });

    it('hands each due time to one of many concurrent claimers', async () => {
      const monitors = h.store().monitors;
      const created = await Promise.all(Array.from({ length: 6 }, () => monitors.create(newMonitor(h, h.id('team'), h.now() - 1))));
      const ids = new Set(created.map((m) => m!.id));
      const rounds = await Promise.all(Array.from({ length: 8 }, () => monitors.claimDue({ max: 3, leaseMs: LEASE })));
      const mine = rounds.flat().filter((c) => ids.has(c.monitor.id));
      expect(mine.map((c) => c.monitor.id).sort()).toEqual([...ids].sort());
    });

    it.runIf(sharedStorage)('hands each due time to one of two store instances (two workers)', async () => {
      const second: Store = await makeStore({ now: h.now });
      try {
        const created = await Promise.all(
          Array.from({ length: 6 }, () => h.store().monitors.create(newMonitor(h, h.id('team'), h.now() - 1))),
        );
        const ids = new Set(created.map((m) => m!.id));
        const nodes = [h.store().monitors, second.monitors];
        const rounds = await Promise.all(Array.from({ length: 8 }, (_, i) => nodes[i % 2]!.claimDue({ max: 2, leaseMs: LEASE })));
        expect(
          rounds
            .flat()
            .filter((c) => ids.has(c.monitor.id))
            .map((c) => c.monitor.id)
            .sort(),
        ).toEqual([...ids].sort());
      } finally {
        await second.close();
      }
    });

    it('saves checks (replacing one of the same id), lists them newest first and keeps the newest `keep`', async () => {
      const monitors = h.store().monitors;
      const m = newMonitor(h, h.id('team'), null);
      await monitors.create(m);
      await monitors.saveCheck(check(m.id, 'c1', 10), { keep: 3 });
      await monitors.saveCheck(check(m.id, 'c2', 20), { keep: 3 });
      await monitors.saveCheck({ ...check(m.id, 'c1', 10), check: { status: 'failed' } }, { keep: 3 });
      expect(await monitors.getCheck(m.id, 'c1')).toEqual({ ...check(m.id, 'c1', 10), check: { status: 'failed' } });
      expect(await monitors.getCheck(m.id, 'nope')).toBeNull();
      expect(await monitors.getCheck(h.id('other'), 'c1')).toBeNull();
      await monitors.saveCheck(check(m.id, 'c3', 30), { keep: 3 });
      await monitors.saveCheck(check(m.id, 'c4', 40), { keep: 3 });
      expect((await monitors.listChecks(m.id, { offset: 0, limit: 10 })).map((c) => c.id)).toEqual(['c4', 'c3', 'c2']);
      expect((await monitors.listChecks(m.id, { offset: 1, limit: 1 })).map((c) => c.id)).toEqual(['c3']);
      // A missing monitor's checks are not kept; a deleted monitor's go with it.
      await monitors.saveCheck(check(h.id('gone'), 'x', 1), { keep: 3 });
      await monitors.delete(m.id);
      expect(await monitors.listChecks(m.id, { offset: 0, limit: 10 })).toEqual([]);
      expect(await monitors.getCheck(m.id, 'c4')).toBeNull();
    });

    it('drops checks older than `maxAgeMs` (store clock) when a check is saved', async () => {
      const monitors = h.store().monitors;
      const m = newMonitor(h, h.id('team'), null);
      await monitors.create(m);
      const day = 86_400_000;
      // Checks dated by the store's clock (fake or real): ages are whole hours, far from the cutoff.
      const aged = (id: string, hours: number) => check(m.id, id, h.now() - hours * 3_600_000);
      await monitors.saveCheck(aged('three-days', 72), { keep: 100 });
      await monitors.saveCheck(aged('two-days', 48), { keep: 100 });
      await monitors.saveCheck(aged('half-day', 12), { keep: 100 });
      // Without maxAgeMs only the count bounds them.
      expect((await monitors.listChecks(m.id, { offset: 0, limit: 10 })).map((c) => c.id)).toEqual(['half-day', 'two-days', 'three-days']);
      await monitors.saveCheck(aged('now', 0), { keep: 100, maxAgeMs: day });
      expect((await monitors.listChecks(m.id, { offset: 0, limit: 10 })).map((c) => c.id)).toEqual(['now', 'half-day']);
      expect(await monitors.getCheck(m.id, 'two-days')).toBeNull();
      // A shorter retention drops what the longer one kept; the count still bounds them too.
      await monitors.saveCheck(aged('hour', 1), { keep: 100, maxAgeMs: 6 * 3_600_000 });
      expect((await monitors.listChecks(m.id, { offset: 0, limit: 10 })).map((c) => c.id)).toEqual(['now', 'hour']);
      await monitors.saveCheck(aged('later', -1), { keep: 1, maxAgeMs: day });
      expect((await monitors.listChecks(m.id, { offset: 0, limit: 10 })).map((c) => c.id)).toEqual(['later']);
      await expect(monitors.saveCheck(aged('x', 0), { keep: 1, maxAgeMs: 0 })).rejects.toThrow(RangeError);
      await expect(monitors.saveCheck(aged('x', 0), { keep: 1, maxAgeMs: 1.5 })).rejects.toThrow(RangeError);
    });

    it('adds events to the outbox only with the write that commits them, once per id', async () => {
      const monitors = h.store().monitors;
      const m = newMonitor(h, h.id('team'), h.now() - 10);
      await monitors.create(m);
      const claim = (await monitors.claimDue({ max: 100, leaseMs: 500 })).find((c) => c.monitor.id === m.id)!;
      const e1 = event(m.id, h.id('event'), 20);
      const e2 = event(m.id, h.id('event'), 10);
      expect(await monitors.finishRun(claim, { nextRunAt: h.now() - 5, events: [e1, e2] })).toBe(true);
      // A refused finish adds nothing: its events belong to a run whose check the store did not accept.
      expect(await monitors.finishRun(claim, { nextRunAt: null, events: [event(m.id, h.id('lost'), 1)] })).toBe(false);
      expect(await pendingOf(monitors, [m.id])).toEqual([e2, e1]);
      // The same id written again (a due time run twice) stays one event, as first written.
      const again = (await monitors.claimDue({ max: 100, leaseMs: 500 })).find((c) => c.monitor.id === m.id)!;
      const e3 = event(m.id, h.id('event'), 30);
      expect(await monitors.finishRun(again, { nextRunAt: null, events: [{ ...e1, event: { other: true } }, e3] })).toBe(true);
      expect(await pendingOf(monitors, [m.id])).toEqual([e2, e1, e3]);
      // An update (a manual check) commits its events too; one of a missing monitor adds none.
      const e4 = event(m.id, h.id('event'), 40);
      await monitors.update(m.id, { state: { lastRunAt: 1 }, events: [e4] });
      expect(await monitors.update(h.id('missing'), { events: [event(h.id('missing'), h.id('event'), 1)] })).toBeNull();
      expect((await pendingOf(monitors, [m.id])).map((e) => e.id)).toEqual([e2.id, e1.id, e3.id, e4.id]);
      // Delivered events leave; a deleted monitor's pending ones stay to be delivered.
      expect(await monitors.deleteEvent(e2.id)).toBe(true);
      expect(await monitors.deleteEvent(e2.id)).toBe(false);
      await monitors.delete(m.id);
      expect((await pendingOf(monitors, [m.id])).map((e) => e.id)).toEqual([e1.id, e3.id, e4.id]);
      expect((await monitors.pendingEvents({ limit: 1 })).length).toBe(1);
      await expect(monitors.pendingEvents({ limit: 0 })).rejects.toThrow(RangeError);
    });

    it.runIf(sharedStorage)('keeps pending events for another store instance (a restarted worker)', async () => {
      const m = newMonitor(h, h.id('team'), null);
      await h.store().monitors.create(m);
      const e = event(m.id, h.id('event'), h.now());
      await h.store().monitors.update(m.id, { events: [e] });
      const second: Store = await makeStore({ now: h.now });
      try {
        expect(await pendingOf(second.monitors, [m.id])).toEqual([e]);
        expect(await second.monitors.deleteEvent(e.id)).toBe(true);
        expect(await pendingOf(h.store().monitors, [m.id])).toEqual([]);
      } finally {
        await second.close();
      }
    });

    it('sweeps checks past their retention, of any monitor, without a new check being saved', async () => {
      const monitors = h.store().monitors;
      const short = newMonitor(h, h.id('team'), null);
      const long = newMonitor(h, h.id('team'), null);
      await monitors.create(short);
      await monitors.create(long);
      await monitors.saveCheck(check(short.id, 's1', h.now()), { keep: 10, maxAgeMs: 300 });
      await monitors.saveCheck(check(short.id, 's2', h.now()), { keep: 10, maxAgeMs: 300 });
      await monitors.saveCheck(check(long.id, 'kept', h.now()), { keep: 10, maxAgeMs: 86_400_000 });
      await monitors.saveCheck(check(long.id, 'no-age', h.now()), { keep: 10 });
      expect(await monitors.sweepChecks({ limit: 100 })).toBeGreaterThanOrEqual(0);
      expect((await monitors.listChecks(short.id, { offset: 0, limit: 10 })).length).toBe(2);
      await h.elapse(400);
      // `limit` bounds one call; calls go on until nothing expired is left.
      expect(await monitors.sweepChecks({ limit: 1 })).toBe(1);
      let swept = 1;
      for (let round = 0; round < 1000; round++) {
        const n = await monitors.sweepChecks({ limit: 50 });
        if (n === 0) break;
        swept += n;
      }
      expect(swept).toBeGreaterThanOrEqual(2);
      expect(await monitors.listChecks(short.id, { offset: 0, limit: 10 })).toEqual([]);
      expect((await monitors.listChecks(long.id, { offset: 0, limit: 10 })).map((c) => c.id).sort()).toEqual(['kept', 'no-age']);
      // A check saved again without maxAgeMs no longer expires; a trimmed or deleted check is not counted later.
      const resaved = newMonitor(h, h.id('team'), null);
      await monitors.create(resaved);
      await monitors.saveCheck(check(resaved.id, 'resaved', h.now()), { keep: 10, maxAgeMs: 300 });
      await monitors.saveCheck(check(resaved.id, 'resaved', h.now()), { keep: 10 });
      await monitors.saveCheck(check(short.id, 's3', h.now()), { keep: 10, maxAgeMs: 300 });
      await monitors.saveCheck(check(short.id, 's4', h.now() + 1), { keep: 1, maxAgeMs: 300 });
      await monitors.delete(short.id);
      await h.elapse(400);
      while ((await monitors.sweepChecks({ limit: 50 })) > 0);
      expect((await monitors.listChecks(long.id, { offset: 0, limit: 10 })).map((c) => c.id).sort()).toEqual(['kept', 'no-age']);
      expect((await monitors.listChecks(resaved.id, { offset: 0, limit: 10 })).map((c) => c.id)).toEqual(['resaved']);
      await expect(monitors.sweepChecks({ limit: 0 })).rejects.toThrow(RangeError);
    });

    it('rejects a fractional due time, a bad page and a claim of no monitors', async () => {
      const monitors = h.store().monitors;
      await expect(monitors.create(newMonitor(h, h.id('team'), 1.5))).rejects.toThrow(RangeError);
      await expect(monitors.list(h.id('team'), { offset: -1, limit: 1 })).rejects.toThrow(RangeError);
      await expect(monitors.listChecks(h.id('m'), { offset: 0, limit: 0 })).rejects.toThrow(RangeError);
      await expect(monitors.claimDue({ max: 0, leaseMs: 1 })).rejects.toThrow(RangeError);
    });
  });
}
