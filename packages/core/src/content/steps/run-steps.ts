import type { PageType } from '../page-type/page-type.js';
import { type ExplainStep, explainStep, measureTree } from './explain.js';
import { CONTENT_STEP_REGISTRY } from './registry.js';
import type { ContentStep, KeepStep, StepContext, StepPhase, TreeStep } from './step.js';

/** How a conversion runs the steps: what it records and what it skips (both library-only). */
export interface StepRunOptions {
  /** When given, each step that runs appends its line here (and pays for measuring its tree). */
  trace?: ExplainStep[];
  /** Names of steps not to run (`pnpm bench:quality --without`). */
  without?: ReadonlySet<string>;
  /** Only the content's links will be read: steps marked `onlyAltText` are skipped (not when tracing). */
  forLinksOnly?: boolean;
}

function applies(step: ContentStep, pageType: PageType, run: StepRunOptions): boolean {
  return step.pageKinds.includes(pageType) && !run.without?.has(step.name);
}

/** Runs the registry's steps of `phase` that apply to the page's kind on `root`, in order. */
export function runPhase(phase: Exclude<StepPhase, 'keep'>, root: Element, page: StepContext, run: StepRunOptions): void {
  for (const step of CONTENT_STEP_REGISTRY) {
    if (step.phase !== phase || !applies(step, page.pageType, run)) continue;
    const tree = step as TreeStep;
    if (tree.onlyAltText && run.forLinksOnly && !run.trace) continue;
    if (!run.trace) {
      tree.run(root, page);
      continue;
    }
    const before = measureTree(root);
    const changed = tree.run(root, page);
    run.trace.push(explainStep(step.name, phase, before, measureTree(root), typeof changed === 'number' ? changed : undefined));
  }
}

/** What the `keep` steps saved from the untouched body, to put back into the chosen content. */
export type SavedBlocks = Array<{ step: KeepStep; saved: unknown }>;

/** Saves what the `keep` steps keep: those marked `everyReading`, or the others (where both readings run). */
export function saveKeptBlocks(body: Element, page: StepContext, run: StepRunOptions, everyReading = false): SavedBlocks {
  const saved: SavedBlocks = [];
  for (const step of CONTENT_STEP_REGISTRY) {
    if (step.phase !== 'keep' || (step.everyReading ?? false) !== everyReading || !applies(step, page.pageType, run)) continue;
    saved.push({ step, saved: step.save(body, page) });
  }
  return saved;
}

/** Puts the saved blocks back; returns the content, which a step's restore may have replaced. */
export function restoreKeptBlocks(content: Element, saved: SavedBlocks, run: StepRunOptions): Element {
  let current = content;
  for (const { step, saved: blocks } of saved) {
    const before = run.trace && measureTree(current);
    current = step.restore(current, blocks) ?? current;
    if (before) run.trace!.push(explainStep(step.name, 'keep', before, measureTree(current)));
  }
  return current;
}
