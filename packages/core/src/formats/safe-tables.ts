import { tables } from '@joplin/turndown-plugin-gfm';
import type TurndownService from 'turndown';
import { promoteFirstRow } from './header-rows.js';

/**
 * The GFM table rules (`@joplin/turndown-plugin-gfm`), installed so that no table can fail a
 * page. They assume a row holds only cells: where a row keeps other nodes (a table inside a
 * `<pre>` keeps the whitespace between its cells as text), `getAlignment` calls `getAttribute`
 * on a text node and the whole conversion throws. Each rule and filter the plugin adds runs
 * guarded here: a rule that throws renders its node as a layout table's part does, its content
 * as plain blocks; a filter that throws does not match.
 */
export function safeTables(service: TurndownService): void {
  const guarded = {
    options: service.options,
    // The Joplin plugin reads this (Joplin's turndown fork has it); turndown's own has none.
    isCodeBlock: (service as unknown as { isCodeBlock?: unknown }).isCodeBlock,
    keep: (filter: TurndownService.Filter) => service.keep(typeof filter === 'function' ? guardedFilter(filter) : filter),
    addRule: (key: string, rule: TurndownService.Rule) => service.addRule(key, guardedRule(key === 'table' ? withHeaderRow(rule) : rule)),
  };
  tables(guarded as unknown as TurndownService);
}

function guardedRule(rule: TurndownService.Rule): TurndownService.Rule {
  const { filter, replacement } = rule;
  return {
    ...rule,
    filter: typeof filter === 'function' ? guardedFilter(filter) : filter,
    replacement: replacement
      ? (content, node, options) => {
          try {
            return replacement(content, node, options);
          } catch {
            return `\n\n${content}\n\n`;
          }
        }
      : replacement,
  };
}

function guardedFilter(filter: TurndownService.FilterFunction): TurndownService.FilterFunction {
  return (node, options) => {
    try {
      return filter(node, options);
    } catch {
      return false;
    }
  };
}

/** The table rule, with the first row as the header of a table that has none (header-rows.ts). */
function withHeaderRow(rule: TurndownService.Rule): TurndownService.Rule {
  const { replacement } = rule;
  return replacement ? { ...rule, replacement: (content, node, options) => promoteFirstRow(replacement(content, node, options)) } : rule;
}
