// The three gold sets of shared/eval as one shape: their pages, and each page's score by the set's
// own metric (lib/metrics.ts), so the quality benchmark, its diff and the CI gate treat them alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalDir, type EvalPage, loadEvalPages, loadTrafilaturaPages, loadWcxbPages } from './eval-pages.js';
import { aebPage, aebTotal, markdownToText, type SnippetCounts, trafilaturaPage, trafilaturaTotal, wcxbPage } from './metrics.js';

export const EVAL_SET_NAMES = ['aeb', 'wcxb', 'trafilatura'] as const;
export type EvalSetName = (typeof EVAL_SET_NAMES)[number];

export interface SetPage extends EvalPage {
  /** WCXB's page type; 'article' for the other sets. */
  type: string;
}

export interface PageScore {
  id: string;
  type: string;
  /** The set's per-page figure: AEB shingle F1, WCXB word F1, trafilatura's share of snippets right. */
  value: number;
  /** trafilatura's counts for the page. */
  snippets?: SnippetCounts;
  aeb?: { precision?: number; recall?: number };
}

export interface SetScore {
  f1: number;
  precision?: number;
  recall?: number;
  byType?: Record<string, number>;
  pages: PageScore[];
}

export interface EvalSet {
  name: EvalSetName;
  title: string;
  pages(): SetPage[];
  /** Scores Markdown predictions keyed by page id; pages without one count as empty. */
  score(predictions: Record<string, string>, only?: Set<string>): SetScore;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);

function aebSet(): EvalSet {
  type Gold = Record<string, { articleBody: string }>;
  let gold: Gold | undefined;
  const golds = (): Gold => (gold ??= JSON.parse(readFileSync(join(evalDir(), 'aeb', 'ground-truth.json'), 'utf8')) as Gold);
  return {
    name: 'aeb',
    title: 'article-extraction benchmark',
    pages: () => loadEvalPages().map((page) => ({ ...page, type: 'article' })),
    score(predictions, only) {
      const pages = Object.entries(golds())
        .filter(([id]) => !only || only.has(id))
        .map(([id, g]): PageScore => {
          const aeb = aebPage(g.articleBody, markdownToText(predictions[id] ?? ''));
          const p = aeb.precision ?? 0;
          const r = aeb.recall ?? 0;
          return { id, type: 'article', value: p + r > 0 ? (2 * p * r) / (p + r) : 0, aeb };
        });
      const present = (key: 'precision' | 'recall') => pages.flatMap((x) => (x.aeb?.[key] === undefined ? [] : [x.aeb[key]!]));
      return { f1: aebTotal(pages.map((x) => x.aeb!)), precision: mean(present('precision')), recall: mean(present('recall')), pages };
    },
  };
}

function wcxbSet(): EvalSet {
  const dir = () => join(evalDir(), 'wcxb-dev', 'ground-truth');
  return {
    name: 'wcxb',
    title: 'WCXB dev',
    pages: () => loadWcxbPages(),
    score(predictions, only) {
      const pages: PageScore[] = [];
      for (const page of loadWcxbPages()) {
        if (only && !only.has(page.id)) continue;
        const truth = JSON.parse(readFileSync(join(dir(), `${page.id}.json`), 'utf8')) as { ground_truth?: { main_content?: string } };
        if (!truth.ground_truth || typeof truth.ground_truth !== 'object') continue;
        const value = wcxbPage(truth.ground_truth.main_content ?? '', markdownToText(predictions[page.id] ?? ''));
        pages.push({ id: page.id, type: page.type, value });
      }
      const types = new Map<string, number[]>();
      for (const page of pages) types.set(page.type, [...(types.get(page.type) ?? []), page.value]);
      return {
        f1: mean(pages.map((x) => x.value)),
        byType: Object.fromEntries([...types].map(([type, values]) => [type, mean(values)])),
        pages,
      };
    },
  };
}

function trafilaturaSet(): EvalSet {
  type Items = Record<string, { file: string; with: string[]; without: string[] }>;
  let data: Items | undefined;
  const items = (): Items => (data ??= JSON.parse(readFileSync(join(evalDir(), 'trafilatura', 'evaldata.json'), 'utf8')) as Items);
  return {
    name: 'trafilatura',
    title: "trafilatura's evaluation set",
    pages: () => loadTrafilaturaPages().map((page) => ({ ...page, type: 'article' })),
    score(predictions, only) {
      const pages = Object.values(items())
        .filter((item) => !only || only.has(item.file))
        .map((item): PageScore => {
          const snippets = trafilaturaPage(item, markdownToText(predictions[item.file] ?? ''));
          const all = snippets.tp + snippets.fp + snippets.fn + snippets.tn;
          return { id: item.file, type: 'article', value: all ? (snippets.tp + snippets.tn) / all : 1, snippets };
        });
      return { ...trafilaturaTotal(pages.map((x) => x.snippets!)), pages };
    },
  };
}

export function evalSet(name: EvalSetName): EvalSet {
  return name === 'aeb' ? aebSet() : name === 'wcxb' ? wcxbSet() : trafilaturaSet();
}

/**
 * A fixed sample of a set: every `step`-th page of its pages sorted by id. The same pages on every
 * machine and every run, spread over the set's page types (WCXB's ids are not grouped by type).
 */
export function samplePages<T extends { id: string }>(pages: T[], step: number): T[] {
  return [...pages].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).filter((_, i) => i % step === 0);
}
