/**
 * A gate in front of work that can be heavy (a status page of up to 10 MiB read and serialised on
 * the event loop, an upload, a page's conversion in a thread): at most `perTeam` of one team's and
 * `total` of all teams' pass at once, and the waiting teams take turns (round robin), so one
 * team's hundred concurrent requests queue behind each other instead of in front of everyone.
 * Each pass starts on a fresh turn of the event loop, so the requests of other teams that arrived
 * meanwhile are read and answered between two heavy ones.
 */
/** How long a team must be the only one at a gate to use all of it (conversion threads, browser pages). */
export const ALONE_AT_GATE_MS = 30_000;

export interface FairGateLimits {
  perTeam: number;
  total: number;
  /**
   * A team whose share is every place: the anonymous team of library calls that name none, which
   * has nobody to leave a place to. It still takes its turn among the others.
   */
  unlimitedTeam?: string;
  /**
   * When set, a team that is the only one to have come to the gate in the last `aloneMs` may take
   * every place: a server one team uses keeps its whole capacity, and `perTeam` holds as soon as
   * a second team shows up (a newcomer after a quiet spell waits for one place to free at most).
   */
  aloneMs?: number;
}

export interface FairGate {
  /** Waits for a place; the function it resolves with gives the place back (once). Rejects when `signal` aborts first. */
  enter(teamId: string, signal?: AbortSignal): Promise<() => void>;
}

interface Waiter {
  grant: () => void;
}

export function createFairGate(limits: FairGateLimits): FairGate {
  const running = new Map<string, number>();
  /** Waiters by team; a team's place in the Map's order is its turn. */
  const waiting = new Map<string, Waiter[]>();
  let total = 0;
  /** When each team last came to the gate (kept only with aloneMs, pruned as it is read). */
  const lastSeen = new Map<string, number>();
  const shareOf = (teamId: string) => (teamId === limits.unlimitedTeam || isAlone(teamId) ? limits.total : limits.perTeam);

  function isAlone(teamId: string): boolean {
    if (limits.aloneMs === undefined) return false;
    const since = Date.now() - limits.aloneMs;
    for (const [team, at] of lastSeen) {
      if (at < since) lastSeen.delete(team);
      else if (team !== teamId) return false;
    }
    for (const team of running.keys()) if (team !== teamId) return false;
    for (const team of waiting.keys()) if (team !== teamId) return false;
    return true;
  }
  let pumping = false;

  function take(teamId: string): () => void {
    running.set(teamId, (running.get(teamId) ?? 0) + 1);
    total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      total--;
      const left = (running.get(teamId) ?? 1) - 1;
      if (left > 0) running.set(teamId, left);
      else running.delete(teamId);
      schedulePump();
    };
  }

  /** Lets the next waiters in on a later turn of the loop, never inside the releasing request's. */
  function schedulePump(): void {
    if (pumping || waiting.size === 0) return;
    pumping = true;
    setImmediate(() => {
      pumping = false;
      pump();
    });
  }

  function pump(): void {
    for (const [teamId, queue] of waiting) {
      if (total >= limits.total) return;
      if ((running.get(teamId) ?? 0) >= shareOf(teamId)) continue;
      const waiter = queue.shift()!;
      // The team goes to the back of the line for its next waiter.
      waiting.delete(teamId);
      if (queue.length > 0) waiting.set(teamId, queue);
      waiter.grant();
      // One pass per turn: the next starts after this one has had the loop.
      schedulePump();
      return;
    }
  }

  return {
    enter(teamId, signal) {
      signal?.throwIfAborted();
      if (limits.aloneMs !== undefined) {
        // Re-set so the Map's order stays oldest first and pruning can stop early next time.
        lastSeen.delete(teamId);
        lastSeen.set(teamId, Date.now());
      }
      // A team with waiters queues behind them; one below its cap with room left goes in at once.
      if (!waiting.has(teamId) && total < limits.total && (running.get(teamId) ?? 0) < shareOf(teamId)) {
        return Promise.resolve(take(teamId));
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(take(teamId));
          },
        };
        const onAbort = () => {
          const queue = waiting.get(teamId);
          const at = queue?.indexOf(waiter) ?? -1;
          if (queue && at >= 0) {
            queue.splice(at, 1);
            if (queue.length === 0) waiting.delete(teamId);
          }
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const queue = waiting.get(teamId);
        if (queue) queue.push(waiter);
        else waiting.set(teamId, [waiter]);
      });
    },
  };
}
