import { textLength } from '../dom/text.js';
import type { StepPhase } from './step.js';

/**
 * One line of a conversion's explain trace: a step that ran, in order, and what it changed in the
 * tree it ran on (the body, a reading, or the chosen content). Elements count every element under
 * that tree's root; characters are its text without runs of white space.
 */
export interface ExplainStep {
  name: string;
  phase: StepPhase | 'decision';
  /** Elements under the step's root before and after it ran. */
  elementsBefore: number;
  elementsAfter: number;
  /** Elements that went (the net drop) and that came in (kept blocks put back, the H1). */
  removed: number;
  added: number;
  /** What the rule counted as changed itself (blocks removed, alt texts emptied…), when it counts. */
  changed?: number;
  charsBefore: number;
  charsAfter: number;
  /** A decision's outcome (the page kind, the reading that won, the whole-page fallback). */
  note?: string;
}

/** What a tree measures before or after a step. */
export interface TreeSize {
  elements: number;
  chars: number;
}

export function measureTree(root: Element): TreeSize {
  return { elements: root.querySelectorAll('*').length, chars: textLength(root) };
}

/** The trace line of a step given its root's size before and after. */
export function explainStep(name: string, phase: ExplainStep['phase'], before: TreeSize, after: TreeSize, changed?: number): ExplainStep {
  return {
    name,
    phase,
    elementsBefore: before.elements,
    elementsAfter: after.elements,
    removed: Math.max(0, before.elements - after.elements),
    added: Math.max(0, after.elements - before.elements),
    ...(changed === undefined ? {} : { changed }),
    charsBefore: before.chars,
    charsAfter: after.chars,
  };
}

/** A decision of the runner, measured on the tree it chose. */
export function explainDecision(name: string, note: string, tree: Element): ExplainStep {
  const size = measureTree(tree);
  return { ...explainStep(name, 'decision', size, size), note };
}
