/**
 * Who may open a status stream: at most `perTeam` open at once per team, `opensPerMinute` opened
 * per team in any minute (counted in the store's team ledger, so every API node shares the count),
 * and `total` on this API. Streams are long-lived and each holds a socket and a read loop, so one
 * team's watchers must not take what the others need.
 */
import type { Store } from '@trawl/core/ports';

export interface StreamLimits {
  /** Streams one team may hold open at once on this API (default 20). */
  perTeam?: number;
  /** Streams one team may open per minute, across the API nodes sharing the store (default 120). */
  opensPerMinute?: number;
  /** Streams open at once on this API, all teams together (default 1000). */
  total?: number;
  /** Bytes of finished jobs' encoded slices kept for one team's streams (default 64 MiB). */
  cacheBytesPerTeam?: number;
  /** Bytes of encoded slices kept for all teams together (default 256 MiB). */
  cacheBytes?: number;
  /** Bytes of slices all streams together read and send per event-loop iteration (default 4 MiB). */
  bytesPerTurn?: number;
}

export const DEFAULT_STREAM_LIMITS = {
  perTeam: 20,
  opensPerMinute: 120,
  total: 1000,
  cacheBytesPerTeam: 64 * 2 ** 20,
  cacheBytes: 256 * 2 ** 20,
} as const;

/** The slice cache's bounds out of the stream limits. */
export function streamCacheLimits(limits: StreamLimits = {}): { bytesPerTeam: number; bytes: number } {
  return {
    bytesPerTeam: limits.cacheBytesPerTeam ?? DEFAULT_STREAM_LIMITS.cacheBytesPerTeam,
    bytes: limits.cacheBytes ?? DEFAULT_STREAM_LIMITS.cacheBytes,
  };
}

/** Why a stream was refused: the status and message of the HTTP answer, and when to try again. */
export interface StreamRefusal {
  status: 429 | 503;
  message: string;
  retryAfterSeconds?: number;
}

export interface StreamBudget {
  /** Takes a place for one of `teamId`'s streams, or says why not; `release` gives it back (once). */
  admit(teamId: string): Promise<{ release: () => void } | StreamRefusal>;
  /** Streams open now, all teams. */
  readonly open: number;
}

export function createStreamBudget(store: Store, limits: StreamLimits = {}): StreamBudget {
  const perTeam = limits.perTeam ?? DEFAULT_STREAM_LIMITS.perTeam;
  const opensPerMinute = limits.opensPerMinute ?? DEFAULT_STREAM_LIMITS.opensPerMinute;
  const total = limits.total ?? DEFAULT_STREAM_LIMITS.total;
  const openByTeam = new Map<string, number>();
  let open = 0;

  function take(teamId: string): () => void {
    openByTeam.set(teamId, (openByTeam.get(teamId) ?? 0) + 1);
    open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      open--;
      const left = (openByTeam.get(teamId) ?? 1) - 1;
      if (left > 0) openByTeam.set(teamId, left);
      else openByTeam.delete(teamId);
    };
  }

  return {
    get open() {
      return open;
    },
    async admit(teamId) {
      if (open >= total)
        return { status: 503, message: `Too many status streams on this server (${total} open); poll the status URL instead` };
      if ((openByTeam.get(teamId) ?? 0) >= perTeam) {
        return {
          status: 429,
          message: `Too many status streams for this team: at most ${perTeam} open at once; close one or poll the status URL`,
        };
      }
      // The place is taken before the store is asked, so upgrades arriving meanwhile count it.
      const release = take(teamId);
      let rate: Awaited<ReturnType<Store['teams']['hit']>>;
      try {
        rate = await store.teams.hit(`rate:stream-open:${teamId}`, opensPerMinute, 60_000);
      } catch (error) {
        release();
        throw error;
      }
      if (rate.allowed) return { release };
      release();
      return {
        status: 429,
        message: `Too many status streams opened: at most ${opensPerMinute} a minute per team`,
        retryAfterSeconds: Math.max(1, Math.ceil(rate.retryAfterMs / 1000)),
      };
    },
  };
}

export function isRefusal(value: { release: () => void } | StreamRefusal): value is StreamRefusal {
  return 'status' in value;
}
