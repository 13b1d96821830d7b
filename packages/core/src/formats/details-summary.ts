/**
 * A `<details>` block's `<summary>` is its title (a FAQ's question, a collapsed section's name):
 * as a plain paragraph it reads like the answer under it, so it is written in bold. A summary
 * that already holds a heading keeps it.
 */
import type TurndownService from 'turndown';

export const summaryRule: TurndownService.Rule = {
  filter: 'summary',
  replacement: (content) => {
    const text = content
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ');
    if (!text) return '';
    if (/^#{1,6} /.test(text) || /^\*\*.*\*\*$/.test(text)) return `\n\n${text}\n\n`;
    return `\n\n**${text}**\n\n`;
  },
};
