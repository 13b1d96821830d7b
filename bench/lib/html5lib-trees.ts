// html5lib-tests' tree-construction cases (bench/data/html5lib-tests, MIT; html5lib/html5lib-tests
// at 9329e64, the last commit before the cases moved to WPT) and the tree dump they compare
// against, for any DOM: `pnpm bench html5lib` and the small fixed subset core's tests run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HTML5LIB_DIR = fileURLToPath(new URL('../data/html5lib-tests/tree-construction/', import.meta.url));

export interface TreeCase {
  /** `file.dat#index` (index from 0 in the file). */
  id: string;
  data: string;
  /** The expected dump, lines without the leading `| `. */
  expected: string;
  /** Fragment cases name their context element; Trawl parses whole documents only. */
  fragmentContext?: string;
  /** The case holds only with scripting off (`#script-off`) or on (`#script-on`). */
  scripting?: 'on' | 'off';
}

/** Every case of one `.dat` file. */
export function readTreeCases(file: string): TreeCase[] {
  const text = readFileSync(join(HTML5LIB_DIR, file), 'utf8');
  const cases: TreeCase[] = [];
  for (const [index, chunk] of text
    .split(/^#data\n/m)
    .slice(1)
    .entries()) {
    const sections = new Map<string, string>();
    let name = 'data';
    let lines: string[] = [];
    for (const line of chunk.split('\n')) {
      const header = /^#(errors|new-errors|document-fragment|document|script-off|script-on)$/.exec(line);
      if (header) {
        sections.set(name, lines.join('\n'));
        name = header[1]!;
        lines = [];
      } else lines.push(line);
    }
    sections.set(name, lines.join('\n'));
    const fragment = sections.get('document-fragment')?.trim();
    cases.push({
      id: `${file}#${index}`,
      data: sections.get('data') ?? '',
      expected: dumpLines(sections.get('document') ?? ''),
      ...(fragment ? { fragmentContext: fragment } : {}),
      ...(sections.has('script-off') ? { scripting: 'off' as const } : sections.has('script-on') ? { scripting: 'on' as const } : {}),
    });
  }
  return cases;
}

/** The `#document` section as its lines without the `| ` prefix; text spanning lines stays whole. */
function dumpLines(section: string): string {
  return section
    .replace(/\n+$/, '')
    .split('\n')
    .map((line) => (line.startsWith('| ') ? line.slice(2) : line))
    .join('\n');
}

/** Every `.dat` file of the suite, sorted. */
export function treeCaseFiles(): string[] {
  return readdirSync(HTML5LIB_DIR)
    .filter((f) => f.endsWith('.dat'))
    .sort();
}

const NAMESPACE_PREFIX: Record<string, string> = {
  'http://www.w3.org/2000/svg': 'svg ',
  'http://www.w3.org/1998/Math/MathML': 'math ',
};

/**
 * A document's tree in html5lib's dump format. The doctype is left out (Trawl keeps no doctype
 * node, see html5-tree.ts; the expected dumps drop theirs too in `withoutDoctype`); a
 * `<template>`'s children print under a `content` line, where html5lib puts its content fragment.
 */
export function dumpTree(document: Document): string {
  const lines: string[] = [];
  const walk = (node: Node, depth: number) => {
    const indent = '  '.repeat(depth);
    if (node.nodeType === 1) {
      const element = node as Element;
      const prefix = NAMESPACE_PREFIX[element.namespaceURI ?? ''] ?? '';
      lines.push(`${indent}<${prefix}${element.localName}>`);
      const foreign = prefix !== '';
      const attributes = Array.from(element.attributes, ({ name, value }) => {
        const shown = foreign && /^(xlink|xml|xmlns):/.test(name) ? name.replace(':', ' ') : name;
        return [shown, value] as const;
      }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [name, value] of attributes) lines.push(`${indent}  ${name}="${value}"`);
      const template = element.localName === 'template' && !foreign;
      if (template) lines.push(`${indent}  content`);
      // Trawl keeps a template's content as its children; a DOM that follows the standard (jsdom) in `content`.
      const content = template && !node.firstChild ? (element as HTMLTemplateElement).content : undefined;
      for (let child = (content ?? node).firstChild; child; child = child.nextSibling) walk(child, depth + (template ? 2 : 1));
    } else if (node.nodeType === 3) lines.push(`${indent}"${(node as Text).data}"`);
    else if (node.nodeType === 8) lines.push(`${indent}<!-- ${(node as Comment).data} -->`);
  };
  for (let child = document.firstChild; child; child = child.nextSibling) walk(child, 0);
  return lines.join('\n');
}

/** An expected dump without its doctype line (see dumpTree). */
export function withoutDoctype(expected: string): string {
  return expected
    .split('\n')
    .filter((line) => !line.startsWith('<!DOCTYPE'))
    .join('\n');
}
