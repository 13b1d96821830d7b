import type { PageSignals } from '../page-type/page-signals.js';
import { PAGE_TYPES, type PageType } from '../page-type/page-type.js';

/**
 * Where in the pipeline a step runs, in this order:
 * - `tree`: on every parse of the page's body, before anything reads it (also on the fresh parse
 *   an article page may need);
 * - `page`: on the body once the page's kind is known, before the two readings;
 * - `keep`: blocks copied from the untouched body before Readability rewrites it, put back into
 *   whichever reading wins (only where both readings run, unless the step says `everyReading`);
 * - `article`: cleaning Readability's pick;
 * - `region`: cleaning the main region (the furniture-free reading); its steps only remove blocks,
 *   never add text: main-content.ts skips them when Readability's pick wins against the uncleaned region;
 * - `content`: on the chosen content.
 */
export const STEP_PHASES = ['tree', 'page', 'keep', 'article', 'region', 'content'] as const;
export type StepPhase = (typeof STEP_PHASES)[number];

/** What a step knows of the page besides the tree it works on. */
export interface StepContext {
  url: string;
  pageType: PageType;
  /** What the page's markup said about itself, read before noise removal. */
  signals: PageSignals;
  /** A copy of the page's H1, made before any step ran (kept once in the content whatever the reading). */
  heading: Element | null;
  /** The page's H1 in the untouched body (where a docs page's introduction is looked for). */
  pageHeading: Element | null;
}

interface StepBase {
  /** Unique, kebab-case: what the trace prints and `--without` names. */
  name: string;
  /** The page kinds the step runs on. */
  pageKinds: readonly PageType[];
  /** One line: what it does and why (docs/content.md lists it). */
  about: string;
}

/**
 * A rule over a tree. `run` changes `root` in place; when its rule counts what it changed
 * (blocks removed, alt texts emptied) it returns that number, which the trace shows.
 */
export interface TreeStep extends StepBase {
  phase: Exclude<StepPhase, 'keep'>;
  /**
   * The step only empties alt texts, which only the Markdown reads (no step, no link): a
   * conversion asked only for links skips it (`pnpm bench links-main` checks the links stay).
   */
  onlyAltText?: true;
  run(root: Element, page: StepContext): unknown;
}

/**
 * A block saved from the untouched body and put back into the chosen content: `save` runs before
 * Readability rewrites the page, `restore` after one reading won. A `restore` that returns an
 * element replaces the content with it (a post both readings lost is given back whole).
 */
export interface KeepStep<Saved = unknown> extends StepBase {
  phase: 'keep';
  /** Saved on every reading path, not only where both readings run (a loss any reading can make). */
  everyReading?: boolean;
  save(body: Element, page: StepContext): Saved;
  // biome-ignore lint/suspicious/noConfusingVoidType: a restore that only adds blocks to the content returns nothing.
  restore(content: Element, saved: Saved): Element | void;
}

export type ContentStep = TreeStep | KeepStep;

/** Every page kind. */
export const EVERY_KIND: readonly PageType[] = PAGE_TYPES;

/** Every page kind but these. */
export function kindsBut(...excluded: PageType[]): readonly PageType[] {
  return PAGE_TYPES.filter((kind) => !excluded.includes(kind));
}
