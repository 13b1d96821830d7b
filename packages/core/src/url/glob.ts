import { RE2JS } from 're2js';

/**
 * Glob patterns (`/blog/**`, `*.pdf`, `/docs/{api,guide}/*`) as RE2 programs, so matching is
 * linear in the path. A backtracking glob engine spends minutes on `/*a*a*a*a*a*a*a*b` against
 * a path of 60 `a`s, and expands `{a,b}` sets exponentially; RE2 does neither.
 *
 * Syntax (minimatch's core, with `dot: true`): `*` any run within a segment, `?` one character
 * within a segment, `**` as a whole segment any number of segments, `[abc]`/`[!abc]` a class,
 * `{a,b}` alternatives (nestable), `\x` a literal `x`. Everything else is literal.
 */
export function compileGlob(pattern: string): RE2JS {
  return RE2JS.compile(`^${translate(pattern, 0, pattern.length)}$`);
}

const REGEX_SPECIAL = new Set(['\\', '.', '+', '*', '?', '(', ')', '|', '[', ']', '{', '}', '^', '$']);

function literal(char: string): string {
  return REGEX_SPECIAL.has(char) ? `\\${char}` : char;
}

function translate(glob: string, from: number, to: number): string {
  let out = '';
  let i = from;
  while (i < to) {
    const char = glob[i]!;
    if (char === '\\' && i + 1 < to) {
      out += literal(glob[i + 1]!);
      i += 2;
    } else if (char === '*') {
      let end = i;
      while (end < to && glob[end] === '*') end++;
      const wholeSegment = end - i >= 2 && (i === from || glob[i - 1] === '/') && (end === to || glob[end] === '/');
      if (!wholeSegment) out += '[^/]*';
      else if (end === to) out += '.*';
      else {
        out += '(?:.*/)?'; // zero or more whole segments, with the slash that ends them
        end++;
      }
      i = end;
    } else if (char === '?') {
      out += '[^/]';
      i++;
    } else if (char === '[') {
      const cls = charClass(glob, i, to);
      out += cls ? cls.regex : '\\[';
      i = cls ? cls.end : i + 1;
    } else if (char === '{') {
      const braces = alternatives(glob, i, to);
      out += braces ? braces.regex : '\\{';
      i = braces ? braces.end : i + 1;
    } else {
      out += literal(char);
      i++;
    }
  }
  return out;
}

/** `[abc]`, `[!a-z]` or `[^a-z]` from `start` (the `[`); undefined when it never closes. */
function charClass(glob: string, start: number, to: number): { regex: string; end: number } | undefined {
  let i = start + 1;
  const negated = glob[i] === '!' || glob[i] === '^';
  if (negated) i++;
  let body = '';
  for (let first = true; i < to; first = false) {
    const char = glob[i]!;
    if (char === ']' && !first) return { regex: `[${negated ? '^' : ''}${body}]`, end: i + 1 };
    if (char === '\\' && i + 1 < to) {
      body += `\\${glob[i + 1]!}`;
      i += 2;
      continue;
    }
    body += char === '-' ? '-' : literal(char);
    i++;
  }
  return undefined;
}

/** `{a,b,c}` from `start` (the `{`), nestable; undefined when it never closes or has no comma. */
function alternatives(glob: string, start: number, to: number): { regex: string; end: number } | undefined {
  const parts: [number, number][] = [];
  let depth = 0;
  let partStart = start + 1;
  for (let i = start + 1; i < to; i++) {
    const char = glob[i];
    if (char === '\\') i++;
    else if (char === '{') depth++;
    else if (char === '}' && depth > 0) depth--;
    else if (char === ',' && depth === 0) {
      parts.push([partStart, i]);
      partStart = i + 1;
    } else if (char === '}') {
      if (parts.length === 0) return undefined;
      parts.push([partStart, i]);
      return { regex: `(?:${parts.map(([a, b]) => translate(glob, a, b)).join('|')})`, end: i + 1 };
    }
  }
  return undefined;
}
