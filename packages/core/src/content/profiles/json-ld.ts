import type { HtmlDocument } from '../dom/parse.js';

/** A schema.org node as JSON-LD (or microdata, read into the same form) writes it. */
export type LdNode = Record<string, unknown>;

/** Past these, a page's structured data is not read further: the profiles need the first few nodes. */
const MAX_SCRIPT_CHARS = 1_000_000;
const MAX_NODES = 2_000;
const MAX_DEPTH = 12;

/**
 * Every node of the page's JSON-LD blocks, nested ones included (a `@graph`, an offer inside a
 * product, a section inside a menu), in document order. Blocks that do not parse are skipped:
 * sites ship broken JSON-LD often, and the rest of the page still counts.
 */
export function jsonLdNodes(document: HtmlDocument): LdNode[] {
  const nodes: LdNode[] = [];
  // getElementsByTagName walks the tree without a selector engine: much faster on linkedom.
  for (const script of Array.from(document.getElementsByTagName('script'))) {
    if (script.getAttribute('type')?.trim().toLowerCase() !== 'application/ld+json') continue;
    const text = script.textContent ?? '';
    if (!text.trim() || text.length > MAX_SCRIPT_CHARS) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    collectNodes(value, nodes, 0);
    if (nodes.length >= MAX_NODES) break;
  }
  return nodes;
}

/** Adds `value`'s nodes (it, the nodes of its arrays and properties) to `nodes`. */
export function collectNodes(value: unknown, nodes: LdNode[], depth: number): void {
  if (depth > MAX_DEPTH || nodes.length >= MAX_NODES || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, nodes, depth + 1);
    return;
  }
  const node = value as LdNode;
  if (node['@type'] !== undefined) nodes.push(node);
  for (const [key, child] of Object.entries(node)) if (key !== '@context') collectNodes(child, nodes, depth + 1);
}

/** A node's schema.org types without their prefix (`https://schema.org/Product` → `Product`). */
export function typesOf(node: LdNode): string[] {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((entry): entry is string => typeof entry === 'string').map((entry) => entry.slice(entry.lastIndexOf('/') + 1));
}

export function isOfType(node: LdNode, types: ReadonlySet<string>): boolean {
  return typesOf(node).some((type) => types.has(type));
}

/** A property as a list (JSON-LD writes one value or an array). */
export function many(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A property's first text: a string or number, or the `name` (or `@value`) of a node. */
export function text(value: unknown): string | undefined {
  const first = many(value)[0];
  if (typeof first === 'string') return first.trim() || undefined;
  if (typeof first === 'number') return String(first);
  if (first && typeof first === 'object') {
    const node = first as LdNode;
    return text(node.name ?? node['@value']);
  }
  return undefined;
}

/** A property's nodes (objects only). */
export function nodesOf(value: unknown): LdNode[] {
  return many(value).filter((entry): entry is LdNode => entry !== null && typeof entry === 'object' && !Array.isArray(entry));
}
