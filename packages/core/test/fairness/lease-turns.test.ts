import { describe, expect, it } from 'vitest';
import { LeaseTurns } from '../../src/fairness/lease-turns.js';

/** Pages of jobs as queues, taken one at a time the way a store leases them. */
function pagesOf(jobs: Record<string, number>): (jobId: string) => string | undefined {
  const left = new Map(Object.entries(jobs));
  return (jobId) => {
    const n = left.get(jobId) ?? 0;
    if (n === 0) return undefined;
    left.set(jobId, n - 1);
    return jobId;
  };
}

describe('LeaseTurns', () => {
  it("serves teams in turn, then each team's jobs in turn, whatever order the jobs came in", () => {
    const turns = new LeaseTurns();
    turns.add('d1', 'D');
    turns.add('d2', 'D');
    turns.add('d3', 'D');
    turns.add('c1', 'C');
    const take = pagesOf({ d1: 100, d2: 100, d3: 100, c1: 5 });
    expect(turns.pick(8, take)).toEqual(['d1', 'c1', 'd2', 'c1', 'd3', 'c1', 'd1', 'c1']);
    // The turns carry over from one call to the next.
    expect(turns.pick(4, take)).toEqual(['d2', 'c1', 'd3', 'd1']);
  });

  it('passes over a job with nothing ready for the rest of the call, and keeps its place for the next', () => {
    const turns = new LeaseTurns();
    turns.sync([
      { jobId: 'a', teamId: 'A' },
      { jobId: 'b', teamId: 'B' },
    ]);
    expect(turns.pick(5, pagesOf({ a: 1, b: 10 }))).toEqual(['a', 'b', 'b', 'b', 'b']);
    expect(turns.pick(3, pagesOf({ a: 3, b: 3 }))).toEqual(['a', 'b', 'a']);
  });

  it('keeps only the jobs a sync names, those staying in their places', () => {
    const turns = new LeaseTurns();
    turns.sync([
      { jobId: 'a', teamId: 'A' },
      { jobId: 'b', teamId: 'B' },
      { jobId: 'c', teamId: 'C' },
    ]);
    expect(turns.pick(1, (jobId) => jobId)).toEqual(['a']);
    turns.sync([
      { jobId: 'c', teamId: 'C' },
      { jobId: 'a', teamId: 'A' },
      { jobId: 'e', teamId: 'E' },
    ]);
    expect(turns.size).toBe(3);
    expect(turns.pick(3, (jobId) => jobId)).toEqual(['c', 'a', 'e']);
    turns.remove('c');
    expect(turns.pick(3, (jobId) => jobId)).toEqual(['a', 'e', 'a']);
  });
});
