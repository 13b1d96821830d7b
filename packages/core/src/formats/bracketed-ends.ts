/**
 * Escaped bracketed groups at either end of a link text, as turndown writes them (`\[Video\] Title`,
 * `git-add\[1\]`): a group is `\[`, characters other than brackets and backslashes, `\]`.
 * Scanned from each end in one pass: a regular expression for the same split backtracked over
 * every group, quadratic in a hostile link text of thousands of them.
 */
export interface BracketedEnds {
  /** The groups at the start, with the white space after each. */
  lead: string;
  /** The text between, holding no escaped bracket. */
  middle: string;
  /** The groups at the end, with the white space before each. */
  tail: string;
}

const OPEN = '\\[';
const CLOSE = '\\]';

/** Splits `text` into its bracketed ends and middle, or null when its middle holds an escaped bracket. */
export function bracketedEnds(text: string): BracketedEnds | null {
  let leadEnd = 0;
  for (let end = groupEndAt(text, 0); end !== -1; end = groupEndAt(text, leadEnd)) {
    leadEnd = end;
    while (leadEnd < text.length && isSpace(text[leadEnd]!)) leadEnd++;
  }
  let tailStart = text.length;
  for (let start = groupStartBefore(text, tailStart); start >= leadEnd; start = groupStartBefore(text, tailStart)) {
    tailStart = start;
    while (tailStart > leadEnd && isSpace(text[tailStart - 1]!)) tailStart--;
  }
  const middle = text.slice(leadEnd, tailStart);
  if (middle.includes(OPEN) || middle.includes(CLOSE)) return null;
  return { lead: text.slice(0, leadEnd), middle, tail: text.slice(tailStart) };
}

/** Where the group opening at `from` ends, or -1. */
function groupEndAt(text: string, from: number): number {
  if (!text.startsWith(OPEN, from)) return -1;
  let index = from + OPEN.length;
  while (index < text.length && !isBracketOrBackslash(text[index]!)) index++;
  return text.startsWith(CLOSE, index) ? index + CLOSE.length : -1;
}

/** Where the group closing just before `end` opens, or -1. */
function groupStartBefore(text: string, end: number): number {
  if (end < OPEN.length + CLOSE.length || !text.startsWith(CLOSE, end - CLOSE.length)) return -1;
  let index = end - CLOSE.length;
  while (index > 0 && !isBracketOrBackslash(text[index - 1]!)) index--;
  return index >= OPEN.length && text.startsWith(OPEN, index - OPEN.length) ? index - OPEN.length : -1;
}

function isBracketOrBackslash(char: string): boolean {
  return char === '[' || char === ']' || char === '\\';
}

function isSpace(char: string): boolean {
  return /\s/.test(char);
}
