import type { PdfLinkArea, PdfTextRun } from './pdf-content.js';

/** A piece of a line's text, with the link it lies under. */
export interface Span {
  text: string;
  href?: string;
}

/** A stretch of a line set apart from the rest by a wide gap: a table cell, when rows line up. */
export interface Cell {
  x: number;
  right: number;
  spans: Span[];
  /** Character positions of the cell's text, to split it where another row's column starts. */
  charWidth: number;
}

/** One printed line: its cells in reading order, where it sits, and its dominant font and size. */
export interface Line {
  cells: Cell[];
  x: number;
  right: number;
  y: number;
  size: number;
  font: string;
  /** Share of the line's characters in `font`. */
  fontShare: number;
  chars: number;
}

/** A gap wider than this many font sizes splits a line into cells. */
const CELL_GAP = 0.8;
/** A gap wider than this many font sizes between two runs is a space, when neither run has one. */
const SPACE_GAP = 0.15;

/**
 * Groups a page's runs into lines, in the order the page draws them (which keeps the columns of
 * a multi-column page apart, where sorting by position would interleave them): a run whose
 * baseline leaves the line's, or that starts left of where the line ends, starts a new line.
 */
export function pageLines(runs: readonly PdfTextRun[], links: readonly PdfLinkArea[]): Line[] {
  const lines: Line[] = [];
  let current: PdfTextRun[] = [];
  for (const run of runs) {
    const last = current[current.length - 1];
    if (last && !sameLine(last, run)) {
      pushLine(lines, current, links);
      current = [];
    }
    current.push(run);
  }
  pushLine(lines, current, links);
  return lines;
}

function sameLine(previous: PdfTextRun, run: PdfTextRun): boolean {
  const size = Math.max(previous.size, run.size, 1);
  if (Math.abs(previous.y - run.y) > size * 0.35) return false;
  // A run far left of the previous one's end is the next line of a table or a column.
  return run.x >= previous.x - size * 0.5;
}

function pushLine(lines: Line[], runs: PdfTextRun[], links: readonly PdfLinkArea[]): void {
  const visible = runs.filter((run) => run.text.trim());
  if (!visible.length) return;
  const cells: Cell[] = [];
  const fontChars = new Map<string, number>();
  const sizeChars = new Map<number, number>();
  let chars = 0;
  let previous: PdfTextRun | undefined;
  for (const run of visible) {
    const length = run.text.length;
    chars += length;
    fontChars.set(run.font, (fontChars.get(run.font) ?? 0) + length);
    const rounded = Math.round(run.size * 2) / 2;
    sizeChars.set(rounded, (sizeChars.get(rounded) ?? 0) + length);
    const gap = previous ? run.x - (previous.x + previous.width) : 0;
    const size = Math.max(run.size, 1);
    const cell = cells[cells.length - 1];
    const spans = linkedSpans(run, links);
    if (!cell || gap > size * CELL_GAP) {
      cells.push({ x: run.x, right: run.x + run.width, spans, charWidth: run.width / Math.max(1, length) });
    } else {
      const lastText = cell.spans[cell.spans.length - 1]?.text ?? '';
      if (gap > size * SPACE_GAP && !/\s$/.test(lastText) && !/^\s/.test(run.text)) cell.spans.push({ text: ' ' });
      cell.spans.push(...spans);
      cell.right = Math.max(cell.right, run.x + run.width);
      const cellChars = cell.spans.reduce((sum, span) => sum + span.text.length, 0);
      cell.charWidth = (cell.right - cell.x) / Math.max(1, cellChars);
    }
    previous = run;
  }
  const [font, fontCount] = largest(fontChars);
  const [size] = largest(sizeChars);
  lines.push({
    cells,
    x: cells[0]!.x,
    right: Math.max(...cells.map((cell) => cell.right)),
    y: visible[0]!.y,
    size,
    font,
    fontShare: fontCount / Math.max(1, chars),
    chars,
  });
}

function largest<K>(counts: Map<K, number>): [K, number] {
  let best: [K, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best!;
}

/**
 * A run's text cut where link areas lie. pdf.js gives a run's width, not each character's, so
 * each word's place is estimated at an even width per character, and a word is linked when its
 * middle lies inside a link's rectangle.
 */
function linkedSpans(run: PdfTextRun, links: readonly PdfLinkArea[]): Span[] {
  const over = links.filter(
    ({ rect }) => run.y >= rect[1] - run.size * 0.5 && run.y <= rect[3] && rect[0] < run.x + run.width && rect[2] > run.x,
  );
  if (!over.length) return [{ text: run.text }];
  const width = run.width / Math.max(1, run.text.length);
  const spans: Span[] = [];
  for (const match of run.text.matchAll(/\s+|\S+/g)) {
    const middle = run.x + (match.index + match[0].length / 2) * width;
    const link = /\S/.test(match[0]) ? over.find(({ rect }) => middle >= rect[0] && middle <= rect[2]) : undefined;
    const last = spans[spans.length - 1];
    // A space between two words of one link stays inside it.
    if (last && (last.href === link?.url || (!/\S/.test(match[0]) && last.href))) last.text += match[0];
    else spans.push(link ? { text: match[0], href: link.url } : { text: match[0] });
  }
  return spans;
}

/** The word boundary nearest to `index` (within three characters), else `index` itself. */
export function wordBoundary(text: string, index: number): number {
  const clamped = Math.max(0, Math.min(text.length, index));
  for (let distance = 0; distance <= 3; distance++) {
    for (const at of [clamped - distance, clamped + distance]) {
      if (at <= 0 || at >= text.length) {
        if (at === 0 || at === text.length) return at;
        continue;
      }
      if (/\s/.test(text[at - 1]!) !== /\s/.test(text[at]!)) return at;
    }
  }
  return clamped;
}
