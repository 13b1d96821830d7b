import { describe, expect, it } from 'vitest';
import type { PageSnapshot } from '../ports/store.js';
import type { Harness } from './harness.js';

const snapshot = (teamId: string, key: string, scrapedAt: number, markdown = `# ${key} at ${scrapedAt}`): PageSnapshot => ({
  teamId,
  key,
  url: `https://pages.test/${key}`,
  scrapedAt,
  contentHash: `hash-${markdown.length}`,
  markdown,
  statusCode: 200,
  document: { markdown, metadata: { sourceURL: `https://pages.test/${key}`, statusCode: 200 } },
});

export function describePageMemory(h: Harness): void {
  describe('page memory', () => {
    it('recalls the latest snapshot of a key, per team', async () => {
      const pages = h.store().pages;
      const team = h.id('team');
      const other = h.id('team');
      expect(await pages.recall(team, 'a')).toBeNull();
      expect(await pages.remember(snapshot(team, 'a', 1000), { keep: 10 })).toBeNull();
      const first = snapshot(team, 'a', 1000);
      expect(await pages.recall(team, 'a')).toEqual(first);
      expect(await pages.recall(other, 'a')).toBeNull();
      expect(await pages.recall(team, 'b')).toBeNull();
    });

    it('hands back the snapshot a remember replaced', async () => {
      const pages = h.store().pages;
      const team = h.id('team');
      await pages.remember(snapshot(team, 'a', 1000, 'one'), { keep: 10 });
      expect(await pages.remember(snapshot(team, 'a', 2000, 'two'), { keep: 10 })).toEqual(snapshot(team, 'a', 1000, 'one'));
      expect((await pages.recall(team, 'a'))?.markdown).toBe('two');
    });

    it('keeps text with any characters and a snapshot without a document', async () => {
      const pages = h.store().pages;
      const team = h.id('team');
      const odd = { ...snapshot(team, 'ключ/😀', 5, 'Ünïcode \u0000 nul, "quotes", \\ and\nlines'), document: undefined };
      delete odd.document;
      await pages.remember(odd, { keep: 10 });
      expect(await pages.recall(team, 'ключ/😀')).toEqual(odd);
    });

    it('gives concurrent remembers of one key each a different predecessor (one chain)', async () => {
      const pages = h.store().pages;
      const team = h.id('team');
      const returned = await Promise.all(Array.from({ length: 12 }, (_, i) => pages.remember(snapshot(team, 'k', i + 1), { keep: 10 })));
      const predecessors = returned.map((previous) => previous?.scrapedAt ?? null);
      const latest = (await pages.recall(team, 'k'))!.scrapedAt;
      // Every snapshot but the latest was replaced exactly once; exactly one call found none.
      expect(predecessors.filter((p) => p === null)).toHaveLength(1);
      expect(
        predecessors
          .filter((p) => p !== null)
          .concat(latest)
          .sort((a, b) => a! - b!),
      ).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    });

    it('keeps at most `keep` snapshots per team, dropping the least recently scraped', async () => {
      const pages = h.store().pages;
      const team = h.id('team');
      const other = h.id('team');
      await pages.remember(snapshot(other, 'x', 1), { keep: 2 });
      for (const [key, at] of [
        ['a', 10],
        ['b', 20],
        ['c', 30],
      ] as const) {
        await pages.remember(snapshot(team, key, at), { keep: 2 });
      }
      expect(await pages.recall(team, 'a')).toBeNull();
      expect(await pages.recall(team, 'b')).not.toBeNull();
      // Re-scraping b makes it the newest: c goes next.
      await pages.remember(snapshot(team, 'b', 40), { keep: 2 });
      await pages.remember(snapshot(team, 'd', 50), { keep: 2 });
      expect(await pages.recall(team, 'c')).toBeNull();
      expect((await pages.recall(team, 'b'))?.scrapedAt).toBe(40);
      expect(await pages.recall(team, 'd')).not.toBeNull();
      // Another team's snapshots are not counted against this one.
      expect(await pages.recall(other, 'x')).not.toBeNull();
    });

    it('hands back copies', async () => {
      const pages = h.store().pages;
      const team = h.id('team');
      await pages.remember(snapshot(team, 'a', 1), { keep: 10 });
      const recalled = (await pages.recall(team, 'a'))!;
      recalled.markdown = 'changed';
      (recalled.document as { markdown: string }).markdown = 'changed';
      expect(await pages.recall(team, 'a')).toEqual(snapshot(team, 'a', 1));
    });

    it('rejects an empty or oversized key and a keep below 1', async () => {
      const pages = h.store().pages;
      const team = h.id('team');
      await expect(pages.remember(snapshot(team, '', 1), { keep: 1 })).rejects.toThrow(RangeError);
      await expect(pages.remember(snapshot(team, 'k'.repeat(1025), 1), { keep: 1 })).rejects.toThrow(RangeError);
      await expect(pages.remember(snapshot(team, 'a', 1), { keep: 0 })).rejects.toThrow(RangeError);
    });
  });
}
