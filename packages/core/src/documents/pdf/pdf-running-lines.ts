import type { Line } from './pdf-lines.js';

/** A line at the top or bottom of at least this share of the pages (and of three pages) is a running header or footer. */
const RUNNING_SHARE = 0.5;

/** A line's text with digits made alike, so "Page 3 of 12" and "Page 4 of 12" are one running footer. */
function runningKey(line: Line): string {
  return line.cells
    .map((cell) => cell.spans.map((span) => span.text).join(''))
    .join(' ')
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Drops running headers and footers: the topmost or bottommost line of a page whose text (digits
 * aside: page numbers) is the topmost or bottommost line of most pages. They repeat the title or
 * count the pages, and would otherwise break the text at every page. Pure.
 */
export function withoutRunningLines<P extends { lines: Line[] }>(pages: readonly P[]): P[] {
  if (pages.length < 3) return [...pages];
  const edges = pages.map((page) => edgeLines(page.lines));
  const needed = Math.max(3, Math.ceil(pages.length * RUNNING_SHARE));
  const running = (side: 'top' | 'bottom') => {
    const counts = new Map<string, number>();
    for (const edge of edges) {
      const line = edge[side];
      if (line) counts.set(runningKey(line), (counts.get(runningKey(line)) ?? 0) + 1);
    }
    return new Set([...counts].filter(([key, count]) => key && count >= needed).map(([key]) => key));
  };
  const top = running('top');
  const bottom = running('bottom');
  return pages.map((page, index) => {
    const { top: first, bottom: last } = edges[index]!;
    const drop = new Set<Line>();
    if (first && top.has(runningKey(first))) drop.add(first);
    if (last && bottom.has(runningKey(last))) drop.add(last);
    return drop.size ? { ...page, lines: page.lines.filter((line) => !drop.has(line)) } : page;
  });
}

function edgeLines(lines: readonly Line[]): { top?: Line; bottom?: Line } {
  let top: Line | undefined;
  let bottom: Line | undefined;
  for (const line of lines) {
    if (!top || line.y > top.y) top = line;
    if (!bottom || line.y < bottom.y) bottom = line;
  }
  return { ...(top ? { top } : {}), ...(bottom && bottom !== top ? { bottom } : {}) };
}
