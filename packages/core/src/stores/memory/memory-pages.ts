import type { PageMemory, PageSnapshot } from '../../ports/store.js';
import { requireSnapshot } from '../../ports/store-arguments.js';
import { copyJson } from './json-copy.js';

/**
 * Snapshots per team in a Map kept in scrape order (re-inserted on each remember), so trimming a
 * team to `keep` drops from the front. Methods never await, so each is atomic here.
 */
export class MemoryPageMemory implements PageMemory {
  private readonly teams = new Map<string, Map<string, PageSnapshot>>();

  get size(): number {
    let size = 0;
    for (const pages of this.teams.values()) size += pages.size;
    return size;
  }

  async recall(teamId: string, key: string): Promise<PageSnapshot | null> {
    const snapshot = this.teams.get(teamId)?.get(key);
    return snapshot ? copyJson(snapshot) : null;
  }

  async remember(snapshot: PageSnapshot, options: { keep: number }): Promise<PageSnapshot | null> {
    requireSnapshot(snapshot, options.keep);
    let pages = this.teams.get(snapshot.teamId);
    if (!pages) this.teams.set(snapshot.teamId, (pages = new Map()));
    const previous = pages.get(snapshot.key) ?? null;
    pages.delete(snapshot.key);
    pages.set(snapshot.key, copyJson(snapshot));
    if (pages.size > options.keep) {
      // Oldest scrape first: the Map's order is the order of remembering, not of scrapedAt.
      const byAge = [...pages.values()].sort((a, b) => a.scrapedAt - b.scrapedAt);
      for (const old of byAge.slice(0, pages.size - options.keep)) pages.delete(old.key);
    }
    return previous;
  }

  clear(): void {
    this.teams.clear();
  }
}
