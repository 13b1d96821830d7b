import type { PdfContent } from './pdf-content.js';
import { pageLines, type Line, type Span } from './pdf-lines.js';
import { withoutRunningLines } from './pdf-running-lines.js';
import { tableFromLines, type TableBlock } from './pdf-tables.js';

/** What a page's layout reads as: headings, paragraphs, list items and tables, in reading order. */
export type Block =
  | { kind: 'heading'; level: number; spans: Span[] }
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'item'; ordered: boolean; spans: Span[] }
  | TableBlock;

export interface PdfLayout {
  pages: Array<{ number: number; blocks: Block[] }>;
  /** The text's body size: larger text is a heading. */
  bodySize: number;
}

const BULLET = /^\s*[•◦▪‣∙●○■□➢►–—*-]\s+/u;
const NUMBERED = /^\s*(?:\d{1,3}|[a-zA-Z]|[ivxlc]{1,6})[.)]\s+/;
/** A marker a Markdown list writes itself ("1."): it is dropped. Others ("a)", "iv.") are the author's text and stay. */
const PLAIN_NUMBER = /^\s*\d{1,3}\.\s+/;

/**
 * Reads structure from a PDF's layout: the body size is the size most characters have; larger
 * sizes are heading levels (largest first), and a short line alone in a bold font of body size
 * (a font that also sets the larger headings) is the next level down. Lines close together of
 * one size are a paragraph, re-joined across line breaks and hyphenation; a line that starts
 * with a bullet or a number, or is indented past the text's left edge, is a list item; rows of
 * aligned cells are a table.
 */
export function layoutPdf(content: PdfContent): PdfLayout {
  const pageLinesList = withoutRunningLines(
    content.pages.map((page) => ({ number: page.number, lines: pageLines(page.runs, page.links) })),
  );
  const allLines = pageLinesList.flatMap((page) => page.lines);
  const bodySize = dominantSize(allLines);
  const headingSizes = [...new Set(allLines.filter((line) => isHeadingSized(line, bodySize)).map((line) => line.size))].sort(
    (a, b) => b - a,
  );
  const headingFonts = new Set(allLines.filter((line) => isHeadingSized(line, bodySize)).map((line) => line.font));
  const bodyFont = dominantFont(allLines.filter((line) => Math.abs(line.size - bodySize) < bodySize * 0.1));
  const leftEdge = textLeftEdge(allLines, bodySize);
  const rightEdge = Math.max(0, ...allLines.map((line) => line.right));
  const context: LayoutContext = {
    bodySize,
    headingSizes,
    headingFonts,
    bodyFont,
    leftEdge,
    rightEdge,
    vocabulary: vocabularyOf(allLines),
  };
  return { bodySize, pages: pageLinesList.map(({ number, lines }) => ({ number, blocks: pageBlocks(lines, context) })) };
}

interface LayoutContext {
  bodySize: number;
  headingSizes: number[];
  headingFonts: Set<string>;
  bodyFont: string | undefined;
  leftEdge: number;
  rightEdge: number;
  vocabulary: Vocabulary;
}

/** How often each word (lower-cased) occurs in the document, and which hyphenated words it writes whole. */
interface Vocabulary {
  words: Map<string, number>;
  hyphenated: Set<string>;
}

function vocabularyOf(lines: readonly Line[]): Vocabulary {
  const words = new Map<string, number>();
  const hyphenated = new Set<string>();
  for (const line of lines) {
    const text = line.cells
      .map((cell) => cell.spans.map((span) => span.text).join(''))
      .join(' ')
      .toLowerCase();
    for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) words.set(word, (words.get(word) ?? 0) + 1);
    for (const word of text.match(/[\p{L}\p{N}]+-[\p{L}\p{N}]+/gu) ?? []) hyphenated.add(word);
  }
  return { words, hyphenated };
}

/**
 * Whether a hyphen at a line's end only breaks a word ("docu-" "mentation"), to be dropped, or
 * belongs to a compound ("well-" "known"), to be kept. No dictionary: the document's own words
 * decide. The whole word written elsewhere means a break; the compound written elsewhere, or
 * both halves used as words of their own elsewhere, mean a compound. Otherwise, a break.
 */
export function isBrokenWord(first: string, second: string, vocabulary: Vocabulary): boolean {
  const a = first.toLowerCase();
  const b = second.toLowerCase();
  if ((vocabulary.words.get(a + b) ?? 0) > 0) return true;
  if (vocabulary.hyphenated.has(`${a}-${b}`)) return false;
  // Each half occurs once at the break itself.
  return !((vocabulary.words.get(a) ?? 0) > 1 && (vocabulary.words.get(b) ?? 0) > 1);
}

function isHeadingSized(line: Line, bodySize: number): boolean {
  return line.size > bodySize * 1.12 && line.chars <= 200;
}

function dominantSize(lines: readonly Line[]): number {
  const counts = new Map<number, number>();
  for (const line of lines) counts.set(line.size, (counts.get(line.size) ?? 0) + line.chars);
  let best = 0;
  let bestCount = -1;
  for (const [size, count] of counts) if (count > bestCount) [best, bestCount] = [size, count];
  return best || 12;
}

function dominantFont(lines: readonly Line[]): string | undefined {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line.font, (counts.get(line.font) ?? 0) + line.chars);
  let best: string | undefined;
  let bestCount = -1;
  for (const [font, count] of counts) if (count > bestCount) [best, bestCount] = [font, count];
  return best;
}

/** The left edge most body lines start at (rounded to a point). */
function textLeftEdge(lines: readonly Line[], bodySize: number): number {
  const counts = new Map<number, number>();
  for (const line of lines) {
    if (Math.abs(line.size - bodySize) > bodySize * 0.1) continue;
    const x = Math.round(line.x);
    counts.set(x, (counts.get(x) ?? 0) + line.chars);
  }
  let best = 0;
  let bestCount = -1;
  for (const [x, count] of counts) if (count > bestCount) [best, bestCount] = [x, count];
  return best;
}

function pageBlocks(lines: readonly Line[], context: LayoutContext): Block[] {
  const blocks: Block[] = [];
  let paragraph: Line[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(textBlock(paragraph, context));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const table = tableRun(lines, i);
    if (table) {
      flush();
      blocks.push(table.block);
      i = table.end - 1;
      continue;
    }
    const line = lines[i]!;
    const previous = paragraph[paragraph.length - 1];
    if (previous && startsNewBlock(previous, line, context)) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Two or more consecutive multi-cell lines, close together, that line up as a table. */
function tableRun(lines: readonly Line[], start: number): { block: TableBlock; end: number } | undefined {
  let end = start;
  let secondColumn = Number.POSITIVE_INFINITY;
  let widestPitch = 0;
  // A one-cell line that reaches past the second column is a row whose cells a reader merged,
  // when it is set like the rows and follows as closely: a heading or a paragraph after the table
  // (a different size, or the gap of a new block) ends it instead of being folded into its rows.
  const isMergedRow = (line: Line) => {
    const previous = lines[end - 1]!;
    return (
      end - start >= 2 &&
      line.right > secondColumn + line.size &&
      Math.abs(line.size - previous.size) <= previous.size * 0.1 &&
      previous.y - line.y <= widestPitch * 1.2
    );
  };
  const isRow = (line: Line) => line.cells.length >= 2 || isMergedRow(line);
  while (end < lines.length && isRow(lines[end]!)) {
    if (end > start) widestPitch = Math.max(widestPitch, lines[end - 1]!.y - lines[end]!.y);
    if (lines[end]!.cells.length >= 2) secondColumn = Math.min(secondColumn, lines[end]!.cells[1]!.x);
    const previous = lines[end - 1];
    if (end > start && previous && (previous.y - lines[end]!.y > previous.size * 4 || previous.y < lines[end]!.y)) break;
    end++;
  }
  if (end - start < 2) return undefined;
  const block = tableFromLines(lines.slice(start, end));
  return block ? { block, end } : undefined;
}

function startsNewBlock(previous: Line, line: Line, context: LayoutContext): boolean {
  const size = Math.max(previous.size, line.size);
  if (Math.abs(previous.size - line.size) > size * 0.1) return true;
  const gap = previous.y - line.y;
  // Upwards is a new column or a float; a gap of more than about a blank line is a new paragraph.
  if (gap <= 0 || gap > size * 1.45) return true;
  if (isBoldHeadingLine(previous, context) !== isBoldHeadingLine(line, context)) return true;
  if (BULLET.test(cellText(line)) || NUMBERED.test(cellText(line))) return true;
  // An indented line after a short one starts a new list item (bullets drawn as shapes leave no text).
  if (isIndented(line, context) && previous.right < context.rightEdge - size * 4) return true;
  if (isIndented(line, context) !== isIndented(previous, context)) return true;
  return false;
}

function isIndented(line: Line, context: LayoutContext): boolean {
  return line.x > context.leftEdge + context.bodySize * 1.5;
}

function isBoldHeadingLine(line: Line, context: LayoutContext): boolean {
  return (
    Math.abs(line.size - context.bodySize) <= context.bodySize * 0.1 &&
    line.font !== context.bodyFont &&
    context.headingFonts.has(line.font) &&
    line.fontShare >= 0.9 &&
    line.chars <= 150
  );
}

function textBlock(lines: Line[], context: LayoutContext): Block {
  const spans = joinLines(lines, context.vocabulary);
  const first = lines[0]!;
  const chars = lines.reduce((sum, line) => sum + line.chars, 0);
  const headingIndex = context.headingSizes.indexOf(first.size);
  if (headingIndex >= 0 && chars <= 200 && lines.length <= 3) return { kind: 'heading', level: Math.min(6, headingIndex + 1), spans };
  if (lines.length <= 2 && lines.every((line) => isBoldHeadingLine(line, context)) && !/[.,;:]$/.test(plain(spans).trim())) {
    return { kind: 'heading', level: Math.min(6, context.headingSizes.length + 1), spans };
  }
  const text = plain(spans);
  const bullet = BULLET.exec(text);
  if (bullet) return { kind: 'item', ordered: false, spans: trimStart(spans, bullet[0].length) };
  const numbered = NUMBERED.exec(text);
  if (numbered && lines.length <= 8) {
    const plain = PLAIN_NUMBER.exec(text);
    return plain ? { kind: 'item', ordered: true, spans: trimStart(spans, plain[0].length) } : { kind: 'item', ordered: false, spans };
  }
  if (isIndented(first, context) && chars <= 400) return { kind: 'item', ordered: false, spans };
  return { kind: 'paragraph', spans };
}

/** A paragraph's lines as one run of text: line breaks become spaces, and a word hyphenated across a break is whole again. */
export function joinLines(lines: readonly Line[], vocabulary: Vocabulary): Span[] {
  const spans: Span[] = [];
  for (const line of lines) {
    const lineSpans = line.cells.flatMap((cell, index) => (index ? [{ text: ' ' }, ...cell.spans] : cell.spans));
    const last = spans[spans.length - 1];
    if (last) {
      const next = lineSpans.find((span) => span.text.trim())?.text.trimStart() ?? '';
      const before = /(\p{L}+)-$/u.exec(last.text)?.[1];
      const after = /^\p{Ll}[\p{L}]*/u.exec(next)?.[0];
      if (before && after) {
        // A broken word loses its hyphen; a compound keeps it; neither gets a space.
        if (isBrokenWord(before, after, vocabulary)) last.text = last.text.slice(0, -1);
      } else if (!/\s$/.test(last.text)) spans.push({ text: ' ' });
    }
    spans.push(...lineSpans.map((span) => ({ ...span })));
  }
  return spans;
}

function cellText(line: Line): string {
  return line.cells.map((cell) => cell.spans.map((span) => span.text).join('')).join(' ');
}

function plain(spans: readonly Span[]): string {
  return spans.map((span) => span.text).join('');
}

function trimStart(spans: Span[], length: number): Span[] {
  let left = length;
  const out: Span[] = [];
  for (const span of spans) {
    if (left >= span.text.length) {
      left -= span.text.length;
      continue;
    }
    out.push({ ...span, text: span.text.slice(left) });
    left = 0;
  }
  return out;
}
