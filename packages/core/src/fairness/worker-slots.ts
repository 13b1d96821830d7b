import { ALONE_AT_GATE_MS } from './fair-gate.js';

/**
 * A worker's page slots between teams: while another team's pages came to this worker in the
 * last `aloneMs`, a team holds at most `perTeam` of the `total` slots, so one team's slow crawl
 * cannot hold every slot and another team's page is leased as soon as it is ready; a team alone
 * holds them all (the fair gate's rule, see fair-gate.ts). Pure bookkeeping: the worker counts
 * its pages in and out, and passes `roomOf` to the frontier's lease.
 */
export class WorkerSlots {
  readonly total: number;
  readonly perTeam: number;
  readonly #aloneMs: number;
  readonly #running = new Map<string, number>();
  /** When each team last had a page start here; a Map's order is oldest first, pruned as read. */
  readonly #lastSeen = new Map<string, number>();

  constructor(total: number, perTeam: number = Math.max(1, total - 1), aloneMs: number = ALONE_AT_GATE_MS) {
    for (const [name, value] of [
      ['total', total],
      ['perTeam', perTeam],
    ] as const) {
      if (!Number.isSafeInteger(value) || value < 1)
        throw new TypeError(`${name} must be a whole number of at least 1, not ${String(value)}`);
    }
    this.total = total;
    this.perTeam = Math.min(perTeam, total);
    this.#aloneMs = aloneMs;
  }

  /** A page of `teamId` took a slot. */
  start(teamId: string): void {
    this.#running.set(teamId, (this.#running.get(teamId) ?? 0) + 1);
    this.#lastSeen.delete(teamId);
    this.#lastSeen.set(teamId, Date.now());
  }

  /** A page of `teamId` gave its slot back. */
  end(teamId: string): void {
    const left = (this.#running.get(teamId) ?? 1) - 1;
    if (left > 0) this.#running.set(teamId, left);
    else this.#running.delete(teamId);
  }

  /** Pages of `teamId` running now. */
  runningOf(teamId: string): number {
    return this.#running.get(teamId) ?? 0;
  }

  /** How many more pages of `teamId` may start now: its share (every slot when alone) less those running. */
  readonly roomOf = (teamId: string): number => {
    const share = this.#isAlone(teamId) ? this.total : this.perTeam;
    return Math.max(0, share - this.runningOf(teamId));
  };

  #isAlone(teamId: string): boolean {
    const since = Date.now() - this.#aloneMs;
    for (const [team, at] of this.#lastSeen) {
      if (at <= since) this.#lastSeen.delete(team);
      else if (team !== teamId) return false;
    }
    for (const team of this.#running.keys()) if (team !== teamId) return false;
    return true;
  }
}
