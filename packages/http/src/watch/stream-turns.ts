/**
 * Status streams take turns on the event loop. A stream asks for a turn before it reads,
 * serialises and sends its next slice; turns are handed out from a `setImmediate` callback, round
 * robin between teams and first come, first served within a team, and only up to `bytesPerTurn`
 * (counted at the streams' slice size) per loop iteration. So however many streams are ready at
 * once, one iteration does a bounded amount of their work and the loop gets back to I/O (another
 * team's request) between iterations, and a team with one stream is not queued behind another
 * team's hundred.
 */

/** Bytes of slices handed out per event-loop iteration, all streams together (default 1 MiB). */
export const STREAM_BYTES_PER_TURN = 1024 * 1024;

export interface StreamTurns {
  /** Resolves when one of `teamId`'s streams may do `bytes` of work, in a later iteration of the event loop. */
  take(teamId: string, bytes: number): Promise<void>;
  /** Streams waiting for a turn now. */
  readonly waiting: number;
}

interface Waiter {
  bytes: number;
  go: () => void;
}

export function createStreamTurns(bytesPerTurn = STREAM_BYTES_PER_TURN): StreamTurns {
  // Teams with someone waiting, in turn order (a Map iterates in insertion order: a served team
  // with more waiting goes back to the end).
  const teams = new Map<string, Waiter[]>();
  let waiting = 0;
  let scheduled = false;

  function next(): Waiter | undefined {
    const first = teams.entries().next();
    if (first.done) return undefined;
    const [teamId, queue] = first.value;
    const waiter = queue.shift() as Waiter;
    teams.delete(teamId);
    if (queue.length > 0) teams.set(teamId, queue);
    waiting--;
    return waiter;
  }

  function peekBytes(): number {
    const first = teams.values().next();
    return first.done ? 0 : (first.value[0]?.bytes ?? 0);
  }

  function handOut(): void {
    scheduled = false;
    // At least one turn per iteration, so a slice larger than the budget still goes.
    let spent = 0;
    while (waiting > 0 && (spent === 0 || spent + peekBytes() <= bytesPerTurn)) {
      const waiter = next() as Waiter;
      spent += waiter.bytes;
      waiter.go();
    }
    schedule();
  }

  function schedule(): void {
    if (scheduled || waiting === 0) return;
    scheduled = true;
    setImmediate(handOut);
  }

  return {
    get waiting() {
      return waiting;
    },
    take(teamId, bytes) {
      return new Promise((go) => {
        const queue = teams.get(teamId);
        if (queue) queue.push({ bytes: Math.max(1, bytes), go });
        else teams.set(teamId, [{ bytes: Math.max(1, bytes), go }]);
        waiting++;
        schedule();
      });
    },
  };
}
