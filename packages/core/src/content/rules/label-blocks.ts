/** Which small blocks to look at, which they must not hold, and which whole texts go. */
export interface LabelRule {
  /** Selector of the blocks a label's text sits in. */
  candidates: string;
  /** A block holding any of these is more than a label. */
  keptInside: string;
  /** A label is a short line; longer text is prose. */
  maxChars: number;
  /** Whether a block's whole text, whitespace collapsed and trimmed, is such a label (the block itself, for rules that read its class). */
  isLabel(text: string, element: Element): boolean;
}

/**
 * Removes the blocks of at most two levels whose whole text is a label `rule` names (a result
 * count, a sort control, a merchandising badge): sites name such blocks every way or not at all,
 * so they are found by what they say. Returns how many went.
 */
export function removeLabelBlocks(root: Element, rule: LabelRule): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll(rule.candidates))) {
    if (!root.contains(element) || element.firstElementChild?.firstElementChild || element.querySelector(rule.keptInside)) continue;
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text || text.length > rule.maxChars || !rule.isLabel(text, element)) continue;
    element.remove();
    removed++;
  }
  return removed;
}
