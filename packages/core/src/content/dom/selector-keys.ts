/**
 * What an element must have for a selector list to match it: one of `tags` as its name, or one
 * of `attributes`. Read from each selector's last compound (the part the element itself must
 * match), where one tag, class, id or attribute test is enough to rule most elements out at the
 * cost of a set lookup, before the compiled selector runs (browsers hash their rules the same way).
 */
export interface SelectorKeys {
  /** Lower-case tag names. */
  tags: Set<string>;
  /** Attribute names as the selector engine looks them up (lower case in HTML). */
  attributes: Set<string>;
}

/**
 * The keys of an HTML selector list, or null when some selector in it has none (`*`, `:not(a)`,
 * `[x!=y]` alone) or uses syntax this reading does not know (escapes, namespaces, comments):
 * then every element must be tested, as without keys.
 */
export function selectorKeys(selectorList: string): SelectorKeys | null {
  if (selectorList.includes('\\')) return null;
  const outsideStrings = stripStrings(selectorList);
  if (outsideStrings === null || /[|/]/.test(outsideStrings)) return null;
  const tags = new Set<string>();
  const attributes = new Set<string>();
  const selectors = splitTopLevel(selectorList, (char) => char === ',');
  if (!selectors) return null;
  for (const selector of selectors) {
    // A selector ending in a combinator is invalid (css-select throws): no keys claimed for it.
    if (/[>+~]$/.test(selector.trim())) return null;
    const parts = splitTopLevel(selector.trim(), (char) => char === '>' || char === '+' || char === '~' || /\s/.test(char));
    const last = parts?.filter(Boolean).pop();
    if (!last) return null;
    const key = compoundKey(last);
    if (!key) return null;
    if (key.tag !== undefined) tags.add(key.tag);
    else attributes.add(key.attribute);
  }
  return { tags, attributes };
}

type CompoundKey = { tag: string; attribute?: undefined } | { tag?: undefined; attribute: string };

const TAG = /^[a-zA-Z][\w-]*/;
const ATTRIBUTE = /^\[\s*([a-zA-Z_][\w-]*)\s*(\]|([~^$*!]?=))/;
const PSEUDO = /^::?[a-zA-Z][\w-]*/;

/** One test a compound selector (`tag.class#id[attr]:pseudo`) makes that needs a tag or an attribute. */
function compoundKey(compound: string): CompoundKey | null {
  const tag = TAG.exec(compound)?.[0];
  if (tag) return /^[.#[:]|^$/.test(compound.slice(tag.length)) ? { tag: tag.toLowerCase() } : null;
  let rest = compound.startsWith('*') ? compound.slice(1) : compound;
  while (rest) {
    if (rest[0] === '.') return { attribute: 'class' };
    if (rest[0] === '#') return { attribute: 'id' };
    if (rest[0] === '[') {
      const attribute = ATTRIBUTE.exec(rest);
      if (!attribute) return null;
      // `[a!=b]` also matches elements without the attribute.
      if (attribute[3] !== '!=') return { attribute: attribute[1]!.toLowerCase() };
      const end = closingIndex(rest);
      if (end < 0) return null;
      rest = rest.slice(end + 1);
      continue;
    }
    const pseudo = PSEUDO.exec(rest);
    if (!pseudo) return null;
    rest = rest.slice(pseudo[0].length);
    if (rest[0] === '(') {
      const end = closingIndex(rest);
      if (end < 0) return null;
      rest = rest.slice(end + 1);
    }
  }
  return null;
}

/** Splits at the characters `isSeparator` accepts outside brackets, parentheses and quotes; null when unbalanced. */
function splitTopLevel(text: string, isSeparator: (char: string) => boolean): string[] | null {
  const parts: string[] = [];
  let start = 0;
  const balanced = walkOutsideStrings(text, (char, index, depth) => {
    if (depth === 0 && isSeparator(char)) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
    return false;
  });
  if (!balanced) return null;
  parts.push(text.slice(start));
  return parts;
}

/** The index of the bracket or parenthesis closing the one `text` opens with, or -1. */
function closingIndex(text: string): number {
  let closing = -1;
  walkOutsideStrings(text, (char, index, depth) => {
    if (depth === 1 && (char === ')' || char === ']')) closing = index;
    return closing >= 0;
  });
  return closing;
}

/** The text outside quoted strings, or null when a quote or bracket is left open. */
function stripStrings(text: string): string | null {
  let out = '';
  const closed = walkOutsideStrings(text, (char) => {
    out += char;
    return false;
  });
  return closed ? out : null;
}

/**
 * Calls `visit` with each character of `text` outside quoted strings, its index and how many
 * brackets and parentheses hold it (one counts itself), until `visit` returns true. False when
 * the text closes a bracket it never opened or leaves one or a quote open, unless stopped first.
 */
function walkOutsideStrings(text: string, visit: (char: string, index: number, depth: number) => boolean): boolean {
  let depth = 0;
  let quote = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote) {
      if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      continue;
    }
    if (char === '(' || char === '[') depth++;
    if (visit(char, index, depth)) return true;
    if ((char === ')' || char === ']') && --depth < 0) return false;
  }
  return depth === 0 && !quote;
}
