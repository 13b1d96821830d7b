import { escapeHtml, tableHtml } from '../html-text.js';
import type { Block } from './pdf-layout.js';
import type { Span } from './pdf-lines.js';

/** A page's blocks as HTML: consecutive list items of one kind share a list. */
export function blocksHtml(blocks: readonly Block[]): string {
  const out: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.kind === 'item') {
      const items: string[] = [];
      while (i < blocks.length && blocks[i]!.kind === 'item' && (blocks[i] as { ordered: boolean }).ordered === block.ordered) {
        items.push(`<li>${spansHtml((blocks[i] as { spans: Span[] }).spans)}</li>`);
        i++;
      }
      i--;
      out.push(block.ordered ? `<ol>${items.join('')}</ol>` : `<ul>${items.join('')}</ul>`);
    } else if (block.kind === 'heading') out.push(`<h${block.level}>${spansHtml(block.spans)}</h${block.level}>`);
    else if (block.kind === 'paragraph') out.push(`<p>${spansHtml(block.spans)}</p>`);
    else out.push(tableHtml(block.rows.map((row) => row.map(spansHtml))));
  }
  return out.join('\n');
}

/** Spans as inline HTML; a link's surrounding spaces stay outside it. */
export function spansHtml(spans: readonly Span[]): string {
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && last.href === span.href) last.text += span.text;
    else merged.push({ ...span });
  }
  return merged
    .map((span) => {
      if (!span.href) return escapeHtml(span.text);
      const [, before, inner, after] = /^(\s*)([\s\S]*?)(\s*)$/.exec(span.text)!;
      return `${before}<a href="${escapeHtml(span.href)}">${escapeHtml(inner!)}</a>${after}`;
    })
    .join('')
    .trim();
}
