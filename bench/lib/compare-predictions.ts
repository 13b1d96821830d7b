// Two sets of predictions of one gold set compared page by page: both totals, the pages whose
// Markdown changed, and those whose score moved (most first). `pnpm bench:quality:diff` compares
// two dumps with it, `pnpm bench:quality --without` a run with steps disabled against a full one.
import type { EvalSet, PageScore, SetScore } from './eval-sets.js';

export interface PredictionComparison {
  a: SetScore;
  b: SetScore;
  /** Pages whose Markdown differs. */
  changed: number;
  /** Pages whose score moved, the largest move first. */
  moved: Array<{ page: PageScore; was: PageScore }>;
  /** How many of `moved` went up. */
  up: number;
}

export function comparePredictions(
  set: EvalSet,
  a: Record<string, string>,
  b: Record<string, string>,
  only: Set<string> = new Set(Object.keys(a).filter((id) => id in b)),
): PredictionComparison {
  const [scoreA, scoreB] = [set.score(a, only), set.score(b, only)];
  const byId = new Map(scoreA.pages.map((page) => [page.id, page]));
  const moved = scoreB.pages
    .map((page) => ({ page, was: byId.get(page.id)! }))
    .filter(({ page, was }) => a[page.id] !== b[page.id] && Math.abs(page.value - was.value) > 1e-9);
  moved.sort((x, y) => Math.abs(y.page.value - y.was.value) - Math.abs(x.page.value - x.was.value));
  return {
    a: scoreA,
    b: scoreB,
    changed: scoreB.pages.filter((page) => a[page.id] !== b[page.id]).length,
    moved,
    up: moved.filter(({ page, was }) => page.value > was.value).length,
  };
}
