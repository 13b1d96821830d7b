import { describe, expect, it } from 'vitest';
import { scheduledRunFaults, type ScheduledRunSummary } from '../src/index.js';

const sound: ScheduledRunSummary = {
  dueTimes: ['2026-01-01T00:00:01Z', '2026-01-01T00:00:02Z', '2026-01-01T00:00:03Z'],
  allCompleted: true,
  deliveredOnlyScheduled: true,
  eventIdsStable: true,
  scheduled: 3,
  committed: 2,
  missing: [],
  repeats: 1,
};

describe('scheduledRunFaults', () => {
  it('finds nothing wrong in a run that held (one check cut by the pause, one repeated delivery)', () => {
    expect(scheduledRunFaults(sound)).toEqual([]);
  });

  it('names each way a run can go wrong', () => {
    expect(
      scheduledRunFaults({
        ...sound,
        dueTimes: ['2026-01-01T00:00:01Z', '2026-01-01T00:00:01Z', null],
        allCompleted: false,
        deliveredOnlyScheduled: false,
        eventIdsStable: false,
        committed: 1,
        missing: ['check-7'],
      }),
    ).toEqual([
      'a due time was checked twice',
      'a scheduled check did not complete',
      'only 1 of 3 scheduled checks were committed',
      'committed checks never reported: check-7',
      'an event id came with two different checks',
      'a delivery reported no scheduled check',
    ]);
  });
});
