/**
 * A small reader of CSS text for the branding format: style rules as selector and declarations,
 * at-rule blocks (`@media`, `@supports`) read through, comments and strings skipped. One linear
 * pass; a page's CSS is read up to MAX_CSS_CHARS. Not a validating parser: it keeps what a
 * browser would keep from well-formed CSS and never fails on the rest.
 */
export interface CssRule {
  selector: string;
  declarations: Map<string, string>;
}

export const MAX_CSS_CHARS = 1_000_000;
const MAX_RULES = 20_000;

export function cssRules(css: string): CssRule[] {
  const source = css.length > MAX_CSS_CHARS ? css.slice(0, MAX_CSS_CHARS) : css;
  const rules: CssRule[] = [];
  let start = 0;
  let i = 0;
  while (i < source.length && rules.length < MAX_RULES) {
    const char = source[i];
    if (char === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
      continue;
    }
    if (char === '"' || char === "'") {
      i = stringEnd(source, i);
      continue;
    }
    if (char === '{') {
      const prelude = stripComments(source.slice(start, i)).trim();
      if (prelude.startsWith('@')) {
        // A block of rules (@media, @supports, @layer): its rules are read as if outside it.
        i++;
        start = i;
        continue;
      }
      const end = blockEnd(source, i + 1);
      rules.push({ selector: prelude, declarations: declarations(source.slice(i + 1, end)) });
      i = end + 1;
      start = i;
      continue;
    }
    if (char === '}' || char === ';') start = i + 1;
    i++;
  }
  return rules;
}

/** The declarations of one block (`color: red; --brand: #f60`), names lowercased, `!important` dropped. */
export function declarations(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of stripComments(block).split(';')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim();
    if (name && value) out.set(name, value);
  }
  return out;
}

function blockEnd(source: string, from: number): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const char = source[i];
    if (char === '"' || char === "'") i = stringEnd(source, i) - 1;
    else if (char === '{') depth++;
    else if (char === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return source.length;
}

function stringEnd(source: string, from: number): number {
  const quote = source[from];
  for (let i = from + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === quote || source[i] === '\n') return i + 1;
  }
  return source.length;
}

function stripComments(text: string): string {
  if (!text.includes('/*')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('/*', i);
    if (open < 0) return out + text.slice(i);
    out += text.slice(i, open);
    const close = text.indexOf('*/', open + 2);
    i = close < 0 ? text.length : close + 2;
  }
  return out;
}
