import { describe, expect, it } from 'vitest';
import { findEvalDir } from '../../../../bench/lib/eval-pages.js';
import { type EvalSetName, evalSet, samplePages } from '../../../../bench/lib/eval-sets.js';
import { type PathPage, runEveryPath } from '../../../../bench/lib/every-path.js';

/**
 * Pages of the dev sets that once failed a path: WCXB pages with a second <!DOCTYPE html> (a
 * crawl's link walk ran off the tree, issue #32), pages whose content sat in <head> (empty
 * Markdown, issue #30), and a table inside a <pre> (the GFM alignment rule threw).
 */
const KNOWN: Record<EvalSetName, string[]> = {
  aeb: [],
  wcxb: ['0182', '0613', '2889', '4014', '4758', '4145', '4147', '4314', '4607', '4838'],
  trafilatura: ['leichtathletik-ostalbkreis.de.1952007.html', 'Volksstimme.ch-loehne.html'],
};
/** Beside them, every N-th page of each set: a fixed sample of a few dozen pages in all. */
const STEP: Record<EvalSetName, number> = { aeb: 60, wcxb: 150, trafilatura: 150 };

function samplePathPages(): PathPage[] {
  return (Object.keys(KNOWN) as EvalSetName[]).flatMap((set) => {
    const pages = evalSet(set).pages();
    const chosen = new Set([...KNOWN[set], ...samplePages(pages, STEP[set]).map((page) => page.id)]);
    return pages
      .filter((page) => chosen.has(page.id))
      .map((page) => ({
        set,
        id: page.id,
        get html() {
          return page.html;
        },
      }));
  });
}

const evalData = process.env.TRAWL_EVAL_DIR ?? findEvalDir();
if (!evalData) {
  console.warn(
    'every-path: skipped, no eval data (no shared/eval beside the repository or its parent folders, and TRAWL_EVAL_DIR unset); `pnpm bench every-path` runs every page where it is',
  );
}

describe.skipIf(!evalData)('every path over a fixed sample of dev-set pages (full run: pnpm bench every-path)', () => {
  it('scrapes (each format), batch scrapes, crawls (with and without a tree) and maps them with no INTERNAL error', async () => {
    const pages = samplePathPages();
    expect(pages.length).toBeGreaterThan(30);
    const result = await runEveryPath(pages, { concurrency: 2 });
    const internal = result.failures.filter((failure) => failure.code === 'INTERNAL');
    expect(internal, JSON.stringify(internal, null, 2)).toEqual([]);
    // Nor any other failure but the conversion deadline (15 s of wall time per page in the pool),
    // which the largest pages (2.3 MB, 340 tables: about 2 s of CPU) can pass on a loaded machine.
    const unexpected = result.failures.filter((failure) => failure.code !== 'SCRAPE_TIMEOUT');
    expect(unexpected, JSON.stringify(unexpected, null, 2)).toEqual([]);
    expect(result.runs).toBeGreaterThan(pages.length * 7);
  }, 600_000);
});
