import { CDATA_SECTION_NODE, ELEMENT_NODE, linkedom, TEXT_NODE, type LinkedNode } from '../dom/linkedom-internals.js';
import { isWhitespace } from '../dom/text.js';

/** Blocks compared: what pages repeat for their mobile and desktop layouts. */
const BLOCK_SELECTOR = 'div, section, article, ul, ol, dl, table, p, h1, h2, h3, h4, h5, h6, blockquote, figure';
/** Shorter repeats ("Add to cart", a price) are often meant twice; longer ones are a layout's copy. */
const MIN_CHARS = 25;

/**
 * Removes blocks whose whole text repeats an earlier block's, outside it. Shops and landing
 * pages render the same header, price box or feature list once per screen size and let CSS
 * show one; without styles every copy reaches the Markdown.
 *
 * Only a block whose collapsed text is as long as another's can repeat it, so the lengths of all
 * blocks are measured first in one pass over the tree, and a block's text is read only when its
 * length is shared: reading every block's text read a nested page's text once per level of
 * nesting (half of this step's time on the WCXB pages).
 */
export function removeDuplicateBlocks(root: Element): void {
  const blocks = Array.from(root.querySelectorAll(BLOCK_SELECTOR));
  const lengths = collapsedLengths(root, blocks);
  const compared = lengths && comparedBlocks(blocks, lengths);
  const seen = new Map<string, Element>();
  for (const [index, block] of blocks.entries()) {
    if (compared && !compared[index]) continue;
    if (!root.contains(block)) continue;
    const text = collapsedText(block);
    if (text.length < MIN_CHARS) continue;
    const first = seen.get(text);
    if (!first) seen.set(text, block);
    else if (root.contains(first) && !first.contains(block) && !block.contains(first)) block.remove();
  }
}

/** The block's text as compared: whitespace runs made one space, trimmed (JavaScript's `\s`). */
function collapsedText(block: Element): string {
  return (block.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Which blocks may repeat another or be repeated: long enough, and of a length another block
 * has, unless all blocks of that length hold one another (a wrapper and its only child: nothing
 * is removed between an element and its ancestor, and they are the long texts).
 */
function comparedBlocks(blocks: Element[], lengths: number[]): boolean[] {
  const byLength = new Map<number, number[]>();
  for (const [index, length] of lengths.entries()) {
    if (length < MIN_CHARS) continue;
    const same = byLength.get(length);
    if (same) same.push(index);
    else byLength.set(length, [index]);
  }
  const compared = new Array<boolean>(blocks.length).fill(false);
  for (const same of byLength.values()) {
    if (same.length < 2) continue;
    // In document order, so one chain of ancestors exactly when each holds the next.
    if (same.every((index, at) => at === 0 || blocks[same[at - 1]!]!.contains(blocks[index]!))) continue;
    for (const index of same) compared[index] = true;
  }
  return compared;
}

/** An open block during the walk: the counts when it opened, and where it ends. */
interface OpenBlock {
  index: number;
  end: LinkedNode;
  nonSpace: number;
  gaps: number;
  /** Its first visible character came after a space run, counted as a gap that lies outside it. */
  leadingGap: boolean;
}

/**
 * `collapsedText(block).length` of every block, in one walk of linkedom's node list (undefined
 * without linkedom's internals). A collapsed text is its visible characters plus one space per
 * run of spaces between two of them: counting both over the whole tree in document order, a
 * block's length is the difference of the counts at its end and its start, less the gap its
 * first visible character closed (the space before it is trimmed, or outside the block).
 */
function collapsedLengths(root: Element, blocks: Element[]): number[] | undefined {
  if (!linkedom) return undefined;
  const { NEXT, END } = linkedom;
  const indexes = new Map<unknown, number>(blocks.map((block, index) => [block, index]));
  const lengths = new Array<number>(blocks.length);
  const open: OpenBlock[] = [];
  /** open[waiting…] have seen no visible character yet. */
  let waiting = 0;
  let nonSpace = 0;
  let gaps = 0;
  let seenVisible = false;
  let pendingSpace = false;
  const close = (block: OpenBlock) => {
    lengths[block.index] = nonSpace - block.nonSpace + gaps - block.gaps - (block.leadingGap ? 1 : 0);
    waiting = Math.min(waiting, open.length);
  };
  const linkedRoot = root as unknown as LinkedNode;
  const end = linkedRoot[END] as LinkedNode;
  for (let node = linkedRoot[NEXT] as LinkedNode; node !== end; node = node[NEXT] as LinkedNode) {
    while (open.length && open[open.length - 1]!.end === node) close(open.pop()!);
    const type = node.nodeType;
    if (type === ELEMENT_NODE) {
      const index = indexes.get(node);
      if (index !== undefined) open.push({ index, end: node[END] as LinkedNode, nonSpace, gaps, leadingGap: false });
    } else if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
      const text = node.textContent as string;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        // Printable ASCII first: most characters, and never a space.
        if ((code <= 0x20 || code >= 0x7f) && isWhitespace(code)) {
          pendingSpace = seenVisible;
          continue;
        }
        if (pendingSpace) gaps++;
        if (waiting < open.length) for (; waiting < open.length; waiting++) open[waiting]!.leadingGap = pendingSpace;
        pendingSpace = false;
        seenVisible = true;
        nonSpace++;
      }
    }
  }
  while (open.length) close(open.pop()!);
  return lengths;
}
