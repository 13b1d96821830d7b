import { describe, expect, it } from 'vitest';
import { runEveryPath } from '../../../../bench/lib/every-path.js';
import { evalData, samplePathPages } from './sample-pages.js';

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
