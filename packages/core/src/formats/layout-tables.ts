import type TurndownService from 'turndown';

/** What a Markdown table cell cannot hold: a table holding any of these lays out blocks, not data. */
const BLOCK_IN_CELL = 'table, pre, ul, ol, h1, h2, h3, h4, h5, h6, hr, blockquote';

const layoutMemo = new WeakMap<Element, boolean>();

/**
 * Whether `table` is page layout (old forums, e-mail-style pages) rather than data: it holds
 * blocks a Markdown table cannot. The GFM plugin would keep such a table as raw HTML, which
 * an LLM reads as noise; its cells are rendered as plain blocks instead.
 */
export function isLayoutTable(table: Element): boolean {
  let layout = layoutMemo.get(table);
  if (layout === undefined) {
    layout = table.querySelector(BLOCK_IN_CELL) !== null;
    layoutMemo.set(table, layout);
  }
  return layout;
}

/** The table, row or cell is part of a layout table (or of no table at all, as broken markup leaves it). */
export function isLayoutTablePart(node: HTMLElement): boolean {
  const name = node.nodeName;
  if (name === 'TABLE') return isLayoutTable(node);
  if (name !== 'TD' && name !== 'TH' && name !== 'TR' && name !== 'THEAD' && name !== 'TBODY' && name !== 'TFOOT') return false;
  const table = node.parentElement?.closest('table');
  return !table || isLayoutTable(table);
}

/** Turndown rule: a layout table's parts become plain blocks around their content. */
export const layoutTableRule: TurndownService.Rule = {
  filter: isLayoutTablePart,
  replacement: (content) => `\n\n${content}\n\n`,
};
