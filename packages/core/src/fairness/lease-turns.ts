/**
 * Whose pages a frontier hands out next when leasing from any job: teams in turn, then each
 * team's jobs in turn, one page at a time, so a team's 5-page crawl is not queued behind another
 * team's 20,000 pages (nor behind its three crawls: a team gets one turn however many jobs it
 * runs). The stores keep one per process: memory and SQLite with every job that has pages,
 * Redis with its live jobs. Pure bookkeeping, no I/O; the store says which jobs have pages.
 */
/** How many more pages of a team a lease may hand out (the caller's free slots for it). */
export type TeamRoom = (teamId: string) => number;

export class LeaseTurns {
  /** Teams with jobs that may have pages, each with those jobs; a Map's order is the line. */
  readonly #teams = new Map<string, Set<string>>();
  readonly #teamOf = new Map<string, string>();

  /** A job that may have ready pages takes its place at the back of its team's line (a new team at the back of the teams'). */
  add(jobId: string, teamId: string): void {
    if (this.#teamOf.has(jobId)) return;
    this.#teamOf.set(jobId, teamId);
    const jobs = this.#teams.get(teamId);
    if (jobs) jobs.add(jobId);
    else this.#teams.set(teamId, new Set([jobId]));
  }

  /** A job with no ready pages (or gone) leaves the line. */
  remove(jobId: string): void {
    const teamId = this.#teamOf.get(jobId);
    if (teamId === undefined) return;
    this.#teamOf.delete(jobId);
    const jobs = this.#teams.get(teamId)!;
    jobs.delete(jobId);
    if (jobs.size === 0) this.#teams.delete(teamId);
  }

  /** Keeps exactly `jobs` in line: those already in keep their place, new ones join at the back. */
  sync(jobs: Iterable<{ jobId: string; teamId: string }>): void {
    const wanted = new Map<string, string>();
    for (const { jobId, teamId } of jobs) wanted.set(jobId, teamId);
    for (const jobId of [...this.#teamOf.keys()]) if (!wanted.has(jobId)) this.remove(jobId);
    for (const [jobId, teamId] of wanted) this.add(jobId, teamId);
  }

  get size(): number {
    return this.#teamOf.size;
  }

  /**
   * Up to `max` pages, one per turn: `take(jobId)` hands out one page of the job whose turn it
   * is, or undefined when it has none ready (it is passed over for the rest of this call). A job
   * served goes to the back of its team's line, and its team to the back of the teams'. With
   * `roomOf`, a team is given at most `roomOf(teamId)` pages in this call (a worker's slots a
   * team may still fill), then passed over.
   */
  pick<T>(max: number, take: (jobId: string) => T | undefined, roomOf?: TeamRoom): T[] {
    const taken: T[] = [];
    const passed = new Set<string>();
    const given = new Map<string, number>();
    const full = (teamId: string) => roomOf !== undefined && (given.get(teamId) ?? 0) >= roomOf(teamId);
    while (taken.length < max) {
      const turn = this.#nextTurn(passed, full);
      if (!turn) break;
      const page = take(turn.jobId);
      if (page === undefined) {
        passed.add(turn.jobId);
        continue;
      }
      taken.push(page);
      given.set(turn.teamId, (given.get(turn.teamId) ?? 0) + 1);
      this.#toTheBack(turn.teamId, turn.jobId);
    }
    return taken;
  }

  /** The team of a job in line (undefined when it is not). */
  teamOf(jobId: string): string | undefined {
    return this.#teamOf.get(jobId);
  }

  #nextTurn(passed: ReadonlySet<string>, full: (teamId: string) => boolean): { teamId: string; jobId: string } | undefined {
    for (const [teamId, jobs] of this.#teams) {
      if (full(teamId)) continue;
      for (const jobId of jobs) if (!passed.has(jobId)) return { teamId, jobId };
    }
    return undefined;
  }

  #toTheBack(teamId: string, jobId: string): void {
    const jobs = this.#teams.get(teamId);
    // take() may have removed the job (its last page went).
    if (!jobs) return;
    if (jobs.delete(jobId)) jobs.add(jobId);
    this.#teams.delete(teamId);
    this.#teams.set(teamId, jobs);
  }
}
