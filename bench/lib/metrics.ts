// The three metrics of shared/eval/score.mjs, page by page, so two runs can be compared page for
// page (quality-diff) and a sample scored without a child process (the CI gate). score.mjs stays
// the reference for the published totals: `pnpm bench:quality` prints its figures, and a test of
// the gate checks that these functions give the same totals on the same predictions.

/** score.mjs's markdownToText: keeps link and image text, drops URLs, markers and table rules. */
export function markdownToText(md: string): string {
  return (md || '')
    .replace(/```[^\n]*\n/g, '\n')
    .replace(/```/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*\d+\.\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/[*_`~]+/g, '');
}

const words = (text: string, lower: boolean): string[] => (lower ? text.toLowerCase() : text).match(/[\p{L}\p{N}_\p{M}]+/gu) ?? [];

function counts(xs: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

function shingles(text: string): Map<string, number> {
  const t = words(text, false);
  const out: string[] = [];
  for (let i = 0; i < Math.max(1, t.length - 3); i++) {
    const s = t.slice(i, i + 4);
    if (s.length) out.push(s.join('\u0001'));
  }
  return counts(out);
}

/** AEB: a page's 4-word shingle precision and recall (either undefined when score.mjs leaves the page out of that mean). */
export function aebPage(gold: string, predictedText: string): { precision?: number; recall?: number } {
  const a = shingles(gold);
  const b = shingles(predictedText);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(k) ?? 0;
    const y = b.get(k) ?? 0;
    tp += Math.min(x, y);
    fp += Math.max(0, y - x);
    fn += Math.max(0, x - y);
  }
  const s = tp + fp + fn;
  if (s > 0) {
    tp /= s;
    fp /= s;
    fn /= s;
  }
  const exact = fp === 0 && fn === 0;
  return {
    precision: tp + fp > 0 ? (exact ? 1 : tp / (tp + fp)) : undefined,
    recall: tp + fn > 0 ? (exact ? 1 : tp / (tp + fn)) : undefined,
  };
}

/** AEB's total: F1 of the mean precision and the mean recall. */
export function aebTotal(pages: Array<{ precision?: number; recall?: number }>): number {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  const p = mean(pages.flatMap((x) => (x.precision === undefined ? [] : [x.precision])));
  const r = mean(pages.flatMap((x) => (x.recall === undefined ? [] : [x.recall])));
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}

/** WCXB: a page's bag-of-words F1 (lower-cased words). */
export function wcxbPage(gold: string, predictedText: string): number {
  const ref = words(gold, true);
  const hyp = words(predictedText, true);
  if (!ref.length) return hyp.length ? 0 : 1;
  if (!hyp.length) return 0;
  const a = counts(ref);
  let overlap = 0;
  for (const [k, v] of counts(hyp)) overlap += Math.min(v, a.get(k) ?? 0);
  const p = overlap / hyp.length;
  const r = overlap / ref.length;
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}

/** Python's `\s` (str.isspace()): JavaScript's `\s` without U+FEFF, plus U+001C-U+001F and U+0085. */
// U+001C-U+001F are written as a range built at run time: a literal would be a control character in a regular expression.
const FILE_SEPARATORS = `${String.fromCharCode(0x1c)}-${String.fromCharCode(0x20)}`;
const PYTHON_SPACE = new RegExp(
  `[\\t\\n\\v\\f\\r${FILE_SEPARATORS}\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]+`,
  'g',
);
/** Python's `re.sub(r"\s+", " ", t).strip()`, as score.mjs writes it. */
const pyNorm = (t: string) => t.replace(PYTHON_SPACE, ' ').replace(/^ | $/g, '');

export interface SnippetCounts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** trafilatura's metric for one page: `with` snippets found (tp) or missed (fn), `without` snippets leaked (fp) or kept out (tn). */
export function trafilaturaPage(snippets: { with: string[]; without: string[] }, predictedText: string): SnippetCounts {
  const out = pyNorm(predictedText);
  const tp = snippets.with.filter((w) => out.includes(pyNorm(w))).length;
  const fp = snippets.without.filter((w) => out.includes(pyNorm(w))).length;
  return { tp, fp, fn: snippets.with.length - tp, tn: snippets.without.length - fp };
}

/** trafilatura's total: counts summed over the pages, then F1. */
export function trafilaturaTotal(pages: SnippetCounts[]): { precision: number; recall: number; f1: number } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const page of pages) {
    tp += page.tp;
    fp += page.fp;
    fn += page.fn;
  }
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: 2 * tp + fp + fn ? (2 * tp) / (2 * tp + fp + fn) : 0 };
}
