/**
 * Splits page text into pieces that fit a model's context. Token counts are estimated, never
 * computed (no tokenizer matches every model), and the estimate errs on the long side.
 */

/** Characters per token assumed when sizing pieces: English averages ~4, other scripts fewer. */
export const CHARS_PER_TOKEN = 3;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export interface ContentBudget {
  /** The model's context window in tokens. */
  contextTokens: number;
  /** Tokens of everything sent besides the content (instructions, schema, prompt). */
  overheadTokens: number;
}

/** Tokens kept free for the answer. */
export function answerReserve(contextTokens: number): number {
  return Math.min(4096, Math.floor(contextTokens / 4));
}

const MIN_PIECE_CHARS = 500;

/** How many characters of content one request may carry. */
export function contentCharsFor(budget: ContentBudget): number {
  const tokens = budget.contextTokens - answerReserve(budget.contextTokens) - budget.overheadTokens;
  return Math.max(MIN_PIECE_CHARS, tokens * CHARS_PER_TOKEN);
}

/**
 * Cuts `text` into pieces of at most `maxChars`, preferring to cut before a heading, then at a
 * blank line, then at a line end, then at a space; a piece never ends mid-word unless one word
 * is longer than a piece.
 */
export function splitContent(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > maxChars) {
    const cut = cutPoint(rest, maxChars);
    const piece = rest.slice(0, cut).trim();
    if (piece) pieces.push(piece);
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

function cutPoint(text: string, maxChars: number): number {
  const window = text.slice(0, maxChars + 1);
  // A cut in the first half would make pieces needlessly small; only take boundaries past it.
  const floor = Math.floor(maxChars / 2);
  for (const boundary of [/\n(?=#{1,6} )/g, /\n\s*\n/g, /\n/g, / /g]) {
    let best = -1;
    for (const match of window.matchAll(boundary)) {
      if (match.index > floor && match.index <= maxChars) best = match.index;
    }
    if (best > 0) return best;
  }
  return maxChars;
}
