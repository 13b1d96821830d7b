/**
 * The `highlights` format without a model: the Markdown's blocks (paragraphs, list items, table
 * rows, each under its heading) ranked by BM25 against the query. Pure; a model, when one is
 * configured, reorders the best of them (llm/highlights-rerank.ts).
 */

export interface Passage {
  /** The block's place in the page (0-based), so passages can be named to a model and kept in order. */
  index: number;
  text: string;
  score: number;
}

/** How many passages the format returns. */
export const HIGHLIGHTS_RETURNED = 3;
/** BM25's usual constants: term-frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;
const MAX_BLOCKS = 5_000;
const MAX_BLOCK_CHARS = 1_500;
/** Blocks shorter than this are labels and buttons, not passages. */
const MIN_BLOCK_CHARS = 20;
const WORD = /[\p{L}\p{N}]+/gu;
/** Words too common to say what a passage is about (English; other languages rank on their rare words anyway). */
const STOP_WORDS = new Set(
  'a an and are as at be by do does for from has have how i in is it its of on or that the this to was what when where which who why will with you your'.split(
    ' ',
  ),
);

/** The Markdown's passages: blocks between blank lines, list items apart; headings are not passages but prefix the blocks under them for scoring. */
export function markdownPassages(markdown: string): Array<{ index: number; text: string; heading: string }> {
  const passages: Array<{ index: number; text: string; heading: string }> = [];
  let heading = '';
  for (const block of markdown.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const isList = lines.every((line) => /^\s*(?:[-*+]|\d+[.)])\s/.test(line) || /^\s{2,}\S/.test(line));
    for (const part of isList ? splitListItems(lines) : [block]) {
      const text = part.trim();
      if (!text) continue;
      if (/^#{1,6}\s/.test(text) && !text.includes('\n')) {
        heading = text.replace(/^#+\s*/, '');
        continue;
      }
      if (text.length < MIN_BLOCK_CHARS || /^\|?\s*:?-{3,}/.test(text)) continue;
      passages.push({ index: passages.length, text: text.slice(0, MAX_BLOCK_CHARS), heading });
      if (passages.length >= MAX_BLOCKS) return passages;
    }
  }
  return passages;
}

function splitListItems(lines: string[]): string[] {
  const items: string[] = [];
  for (const line of lines) {
    if (/^\s*(?:[-*+]|\d+[.)])\s/.test(line) || !items.length) items.push(line);
    else items[items.length - 1] += `\n${line}`;
  }
  return items;
}

export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter((word) => !STOP_WORDS.has(word));
}

/** The page's passages ranked by BM25 against `query`, best first; only those sharing a word with it. */
export function rankPassages(markdown: string, query: string, limit: number): Passage[] {
  const terms = [...new Set(words(query))];
  if (!terms.length) return [];
  const passages = markdownPassages(markdown);
  const documents = passages.map((passage) => words(`${passage.heading} ${passage.text}`));
  const averageLength = documents.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, documents.length);
  const documentFrequency = new Map(terms.map((term) => [term, documents.filter((doc) => doc.includes(term)).length]));
  const scored: Passage[] = [];
  for (const [position, doc] of documents.entries()) {
    const counts = new Map<string, number>();
    for (const word of doc) if (documentFrequency.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    let score = 0;
    for (const term of terms) {
      const frequency = counts.get(term) ?? 0;
      if (!frequency) continue;
      const df = documentFrequency.get(term)!;
      const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
      score += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * doc.length) / averageLength));
    }
    if (score > 0) scored.push({ index: passages[position]!.index, text: passages[position]!.text, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, limit);
}

/** The highlights as the Document carries them: the passages, best first, separated by blank lines. */
export function highlightsText(passages: readonly Passage[]): string {
  return passages.map((passage) => passage.text).join('\n\n');
}
