import type { ExplainStep } from '@trawl/core';

const HEADER = ['step', 'phase', 'elements', 'removed', 'added', 'changed', 'characters', 'note'];

/**
 * A conversion's explain trace as a plain-text table (`--explain`): one row per step that ran, in
 * order, with the elements and characters of the tree it ran on before and after it.
 */
export function formatExplain(steps: readonly ExplainStep[]): string {
  if (steps.length === 0) return 'explain: no main-content step ran (main content is off, or includeTags chose the content)';
  const rows = steps.map((step) => [
    step.name,
    step.phase,
    `${step.elementsBefore} -> ${step.elementsAfter}`,
    String(step.removed),
    String(step.added),
    step.changed === undefined ? '' : String(step.changed),
    `${step.charsBefore} -> ${step.charsAfter}`,
    step.note ?? '',
  ]);
  const widths = HEADER.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(HEADER), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
