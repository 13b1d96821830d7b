import { findEvalDir } from '../../../../bench/lib/eval-pages.js';
import { type EvalSetName, evalSet, samplePages } from '../../../../bench/lib/eval-sets.js';
import type { PathPage } from '../../../../bench/lib/every-path.js';

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

/** The fixed sample of dev-set pages the every-path tests read (each page's HTML read when asked for). */
export function samplePathPages(): PathPage[] {
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

/** Where the dev sets are, or undefined (the tests say they skip). */
export const evalData = process.env.TRAWL_EVAL_DIR ?? findEvalDir();
