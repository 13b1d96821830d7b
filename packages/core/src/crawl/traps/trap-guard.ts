/**
 * Crawl-trap detection shared by crawl, map and extract (whose globs map): a calendar linking to
 * the next month forever, sort orders and session ids permuted on every page, relative links
 * that nest a path one level deeper each time. A trap makes new URLs of one shape (url-shape.ts)
 * from pages of that same shape, so each shape has a budget of new URLs found on its own pages
 * (large; five years of months for a shape naming dates); when its pages are near-identical
 * (page-likeness.ts) the budget shrinks to a few. URLs of a
 * shape found on pages of another shape (posts on a listing, products on a category page) are
 * never held back: that is how a site links its real pages. Looping paths are refused outright.
 * State is per job and per process: each worker of a distributed crawl keeps its own.
 */
import { MIN_FEATURES, type PageFeatures, type PageSketch, likeness, sketchPage } from './page-likeness.js';
import { hasDatePart, isLoopingPath, urlShape } from './url-shape.js';

export interface TrapRules {
  /** New URLs of one shape that pages of that shape may add (pagination deeper than this is cut). */
  selfBudget: number;
  /** The same for a shape naming a date (a calendar): five years of months. */
  datedBudget: number;
  /** The same, once the shape's pages have been near-identical `duplicatesToJudge` times. */
  duplicateBudget: number;
  /** Likeness (estimated Jaccard of words and links) from which two pages count as near-identical. */
  nearIdentical: number;
  duplicatesToJudge: number;
}

export const DEFAULT_TRAP_RULES: Readonly<TrapRules> = {
  selfBudget: 1000,
  datedBudget: 60,
  duplicateBudget: 10,
  nearIdentical: 0.85,
  duplicatesToJudge: 3,
};

export type TrapReason = 'looping-path' | 'pattern-budget' | 'near-identical-pages';

/** A shape the guard started refusing: reported once, with the first URL it held back. */
export interface TrapNotice {
  shape: string;
  reason: TrapReason;
  example: string;
}

/** Shapes followed at most; past it new shapes go unwatched (a crawl's limit keeps it far off). */
const MAX_SHAPES = 50_000;
/** Sketches kept per shape to compare the next page of it with. */
const SKETCHES_PER_SHAPE = 4;

interface ShapeState {
  /** New URLs of this shape that pages of this shape added. */
  selfAdded: number;
  /** The shape's URLs name dates (judged by its first URL). */
  dated: boolean;
  duplicates: number;
  sketches: PageSketch[];
  /** Set once the shape was refused, so it is reported once. */
  refused?: TrapReason;
}

export class TrapGuard {
  private readonly shapes = new Map<string, ShapeState>();
  private lastParent: { url: string; shape: string | undefined } | undefined;

  constructor(
    private readonly rules: Readonly<TrapRules> = DEFAULT_TRAP_RULES,
    private readonly onTrap?: (notice: TrapNotice) => void,
  ) {}

  /** Whether `url`, found on `parentUrl`, is held back as part of a trap (and why). */
  refusal(url: string, parentUrl?: string): TrapReason | undefined {
    const shape = urlShape(url);
    if (shape === undefined) return undefined;
    if (isLoopingPath(url)) return this.refuse(shape, 'looping-path', url);
    if (parentUrl === undefined || this.shapeOfParent(parentUrl) !== shape) return undefined;
    const state = this.stateOf(shape, url);
    if (!state || state.selfAdded < this.budgetOf(state)) return undefined;
    return this.refuse(shape, state.duplicates >= this.rules.duplicatesToJudge ? 'near-identical-pages' : 'pattern-budget', url);
  }

  /** Counts the URLs the frontier accepted as new that `parentUrl` led to. */
  added(urls: readonly string[], parentUrl?: string): void {
    const parentShape = parentUrl === undefined ? undefined : this.shapeOfParent(parentUrl);
    if (parentShape === undefined) return;
    for (const url of urls) {
      if (urlShape(url) !== parentShape) continue;
      const state = this.stateOf(parentShape, url);
      if (state) state.selfAdded++;
    }
  }

  /** Notes a fetched page: near-identical to a recent page of its shape, it counts against the shape. */
  notePage(page: PageFeatures): void {
    const shape = urlShape(page.url);
    const state = shape === undefined ? undefined : this.stateOf(shape, page.url);
    if (!state) return;
    const sketch = sketchPage(page);
    if (sketch.length < MIN_FEATURES) return;
    if (state.sketches.some((earlier) => likeness(earlier, sketch) >= this.rules.nearIdentical)) state.duplicates++;
    state.sketches.push(sketch);
    if (state.sketches.length > SKETCHES_PER_SHAPE) state.sketches.shift();
  }

  /** A page's links are offered together: its shape is worked out once for all of them. */
  private shapeOfParent(parentUrl: string): string | undefined {
    if (this.lastParent?.url !== parentUrl) this.lastParent = { url: parentUrl, shape: urlShape(parentUrl) };
    return this.lastParent.shape;
  }

  private budgetOf(state: ShapeState): number {
    if (state.duplicates >= this.rules.duplicatesToJudge) return this.rules.duplicateBudget;
    return state.dated ? this.rules.datedBudget : this.rules.selfBudget;
  }

  private stateOf(shape: string, url: string): ShapeState | undefined {
    let state = this.shapes.get(shape);
    if (!state && this.shapes.size < MAX_SHAPES) {
      state = { selfAdded: 0, dated: hasDatePart(url), duplicates: 0, sketches: [] };
      this.shapes.set(shape, state);
    }
    return state;
  }

  private refuse(shape: string, reason: TrapReason, url: string): TrapReason {
    const state = this.stateOf(shape, url);
    if (state && !state.refused) {
      state.refused = reason;
      this.onTrap?.({ shape, reason, example: url });
    }
    return reason;
  }
}
