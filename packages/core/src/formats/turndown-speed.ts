import type TurndownService from 'turndown';

/** Every character one of turndown's Markdown escapes acts on, and its numbered-list pattern. */
const MARKDOWN_SPECIAL = /[\\*\-+=#`~[\]>_]|^\d+\. /;

/**
 * Turndown escapes every text node with thirteen regular expression replacements in a row; most
 * text holds none of the characters they act on, and then comes back as it went in without them.
 */
export function skipNeedlessEscapes(service: TurndownService): void {
  const escapeAll = service.escape.bind(service);
  service.escape = (text: string) => (MARKDOWN_SPECIAL.test(text) ? escapeAll(text) : text);
}

/** The rule lists turndown searches for each node, first match wins. */
interface RuleLists {
  array: TurndownService.Rule[];
  _keep: TurndownService.Rule[];
  _remove: TurndownService.Rule[];
}

/**
 * Turndown matches a rule by tag name by lower-casing the node's name again for every rule it
 * tries (about thirty per element). The same rules, in the same order, here compare one
 * lower-cased name per tag against a set. Call after the last rule is added.
 */
export function matchRulesByName(service: TurndownService): void {
  const lists = service.rules as unknown as RuleLists;
  for (const list of [lists.array, lists._keep, lists._remove]) {
    for (let i = 0; i < list.length; i++) list[i] = byName(list[i]!);
  }
}

function byName(rule: TurndownService.Rule): TurndownService.Rule {
  const { filter } = rule;
  if (typeof filter === 'function') return rule;
  const names = new Set<string>(typeof filter === 'string' ? [filter] : filter);
  // A copy: the rule objects belong to turndown and its plugins, shared with any other instance.
  return { ...rule, filter: (node: HTMLElement) => names.has(lowerName(node.nodeName)) };
}

const lowerNames = new Map<string, string>();

/** `name.toLowerCase()`, made once per tag name (bounded, for pages of made-up tags). */
function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < 4096) lowerNames.set(name, lower);
  }
  return lower;
}
