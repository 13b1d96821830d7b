/**
 * Status streams take turns on the event loop. A stream asks for a turn before it reads,
 * serialises and sends its next slice; turns are handed out first come, first served, from a
 * `setImmediate` callback, and only up to `bytesPerTurn` (counted at the streams' slice size) per
 * loop iteration. So however many streams are ready at once, one iteration does a bounded amount
 * of their work and the loop gets back to I/O (another team's request) between iterations.
 */

/** Bytes of slices handed out per event-loop iteration, all streams together (default 1 MiB). */
export const STREAM_BYTES_PER_TURN = 1024 * 1024;

export interface StreamTurns {
  /** Resolves when the caller may do `bytes` of work, in a later iteration of the event loop. */
  take(bytes: number): Promise<void>;
  /** Streams waiting for a turn now. */
  readonly waiting: number;
}

export function createStreamTurns(bytesPerTurn = STREAM_BYTES_PER_TURN): StreamTurns {
  const queue: Array<{ bytes: number; go: () => void }> = [];
  let scheduled = false;

  function handOut(): void {
    scheduled = false;
    // At least one turn per iteration, so a slice larger than the budget still goes.
    let spent = 0;
    while (queue.length > 0 && (spent === 0 || spent + (queue[0]?.bytes ?? 0) <= bytesPerTurn)) {
      const next = queue.shift() as { bytes: number; go: () => void };
      spent += next.bytes;
      next.go();
    }
    schedule();
  }

  function schedule(): void {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(handOut);
  }

  return {
    get waiting() {
      return queue.length;
    },
    take(bytes) {
      return new Promise((go) => {
        queue.push({ bytes: Math.max(1, bytes), go });
        schedule();
      });
    },
  };
}
