/**
 * A cache of values that are costly to make, bounded in bytes, kept apart per team: each team has
 * a shelf of its own (a lookup only ever reads the asking team's shelf, whatever the key), least
 * recently used first out when the team's shelf or all shelves together pass their bound. A value
 * asked for by many callers at once is made once: the later callers wait for the first's.
 * Status streams use it for the encoded slices of finished jobs, so N watchers of one crawl
 * serialise each page once (stream-slices.ts).
 */

export interface TeamByteCacheLimits {
  /** Bytes one team's entries may hold. */
  bytesPerTeam: number;
  /** Bytes all teams' entries may hold together. */
  bytes: number;
}

export interface TeamByteCacheStats {
  /** Bytes held now, all teams. */
  bytes: number;
  /** Values made (misses), all teams. */
  made: number;
  /** Lookups answered from a shelf or from a value being made. */
  hits: number;
}

export interface TeamByteCache<V> {
  /**
   * The team's value under `key`, made by `make` when the team's shelf lacks it. `make` answers
   * the value and its size; a value larger than a bound is handed back but not kept.
   */
  through(teamId: string, key: string, make: () => Promise<{ value: V; bytes: number }>): Promise<V>;
  /** Bytes the team's entries hold now. */
  bytesOf(teamId: string): number;
  readonly stats: TeamByteCacheStats;
}

interface Shelf<V> {
  /** In use order, least recent first (a Map iterates in insertion order; a hit re-inserts). */
  entries: Map<string, { value: V; bytes: number }>;
  making: Map<string, Promise<V>>;
  bytes: number;
}

export function createTeamByteCache<V>(limits: TeamByteCacheLimits): TeamByteCache<V> {
  const shelves = new Map<string, Shelf<V>>();
  const stats: TeamByteCacheStats = { bytes: 0, made: 0, hits: 0 };

  function shelfOf(teamId: string): Shelf<V> {
    let shelf = shelves.get(teamId);
    if (!shelf) {
      shelf = { entries: new Map(), making: new Map(), bytes: 0 };
      shelves.set(teamId, shelf);
    }
    return shelf;
  }

  function dropIfEmpty(teamId: string, shelf: Shelf<V>): void {
    if (shelf.entries.size === 0 && shelf.making.size === 0 && shelves.get(teamId) === shelf) shelves.delete(teamId);
  }

  function evictOldest(teamId: string, shelf: Shelf<V>): void {
    const oldest = shelf.entries.entries().next();
    if (oldest.done) return;
    const [key, entry] = oldest.value;
    shelf.entries.delete(key);
    shelf.bytes -= entry.bytes;
    stats.bytes -= entry.bytes;
    dropIfEmpty(teamId, shelf);
  }

  /** The team holding the most bytes pays when all shelves together are over the bound. */
  function fullestTeam(): [string, Shelf<V>] | undefined {
    let fullest: [string, Shelf<V>] | undefined;
    for (const pair of shelves) if (pair[1].entries.size > 0 && (!fullest || pair[1].bytes > fullest[1].bytes)) fullest = pair;
    return fullest;
  }

  function keep(teamId: string, shelf: Shelf<V>, key: string, value: V, bytes: number): void {
    if (bytes > limits.bytesPerTeam || bytes > limits.bytes) return;
    while (shelf.bytes + bytes > limits.bytesPerTeam && shelf.entries.size > 0) evictOldest(teamId, shelf);
    while (stats.bytes + bytes > limits.bytes) {
      const fullest = fullestTeam();
      if (!fullest) break;
      evictOldest(...fullest);
    }
    // Eviction may have dropped this team's (then empty) shelf from the map: put it back.
    shelves.set(teamId, shelf);
    shelf.entries.set(key, { value, bytes });
    shelf.bytes += bytes;
    stats.bytes += bytes;
  }

  return {
    stats,
    bytesOf: (teamId) => shelves.get(teamId)?.bytes ?? 0,
    through(teamId, key, make) {
      const shelf = shelfOf(teamId);
      const entry = shelf.entries.get(key);
      if (entry) {
        shelf.entries.delete(key);
        shelf.entries.set(key, entry);
        stats.hits++;
        return Promise.resolve(entry.value);
      }
      const pending = shelf.making.get(key);
      if (pending) {
        stats.hits++;
        return pending;
      }
      stats.made++;
      const making = make().then(
        ({ value, bytes }) => {
          shelf.making.delete(key);
          keep(teamId, shelf, key, value, bytes);
          return value;
        },
        (error: unknown) => {
          shelf.making.delete(key);
          dropIfEmpty(teamId, shelf);
          throw error;
        },
      );
      shelf.making.set(key, making);
      return making;
    },
  };
}
