import { RE2JS } from 're2js';
import { TrawlError } from '../errors.js';
import { clip, MAX_PATTERN_LENGTH, MAX_PATTERNS } from '../limits.js';
import { compileGlob } from './glob.js';

/** A compiled include or exclude pattern; `source` is what the user wrote, for reports. */
export interface PathPattern {
  source: string;
  test(pathname: string, fullUrl: string): boolean;
}

/**
 * Compiles a user's regular expression with RE2 semantics (re2js): matching takes time linear
 * in the input, so a pattern like `(a+)+$` cannot stall the event loop on a hostile URL.
 * What RE2 cannot do in linear time (backreferences, lookaround) is refused, saying why.
 */
export function compileUserRegex(source: string, field: string): RE2JS {
  const problem = userRegexProblem(source);
  if (typeof problem === 'string') throw new TrawlError('INVALID_OPTIONS', `${field} ${problem}`);
  return problem.regex;
}

/** Why a user pattern cannot be honoured, or its compiled form. Pure, for schema checks too. */
export function userRegexProblem(source: string): string | { regex: RE2JS } {
  if (source.length > MAX_PATTERN_LENGTH) {
    return `is ${source.length} characters long; a pattern may have at most ${MAX_PATTERN_LENGTH}`;
  }
  try {
    return { regex: RE2JS.compile(source) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return (
      `is not a valid regular expression (${clip(JSON.stringify(source))}): ${clip(reason)}. ` +
      'Patterns use RE2 syntax, which matches in linear time: no backreferences (\\1) and no lookaround ((?=, (?!, (?<=, (?<!)'
    );
  }
}

/**
 * v1 `includePaths`/`excludePaths`: unanchored regular expressions tested against the path
 * (`/blog/post`), or against the whole URL when `onFullUrl` is set (the only way to match a query).
 */
export function compileRegexPatterns(patterns: readonly string[] | undefined, field: string, onFullUrl: boolean): PathPattern[] {
  assertPatternCount(patterns, field);
  return (patterns ?? []).map((source, index) => {
    const regex = compileUserRegex(source, `${field}[${index}]`);
    return { source, test: (pathname, fullUrl) => regex.test(onFullUrl ? fullUrl : pathname) };
  });
}

/**
 * v0 `includes`/`excludes`: glob patterns on the path. A pattern without a leading `/` is
 * anchored at the root (`blog/**` means `/blog/**`), and a directory matches its own pattern
 * (`/blog` matches `/blog/**`). Matched in linear time, see `compileGlob`.
 */
export function compileGlobPatterns(patterns: readonly string[] | undefined, field: string): PathPattern[] {
  assertPatternCount(patterns, field);
  return (patterns ?? []).map((source, index) => {
    if (typeof source !== 'string' || source.trim() === '') {
      throw new TrawlError('INVALID_OPTIONS', `${field}[${index}] must be a non-empty glob pattern`);
    }
    if (source.length > MAX_PATTERN_LENGTH) {
      throw new TrawlError(
        'INVALID_OPTIONS',
        `${field}[${index}] is ${source.length} characters long; a pattern may have at most ${MAX_PATTERN_LENGTH}`,
      );
    }
    const anchored = source.startsWith('/') || source.startsWith('*') ? source : `/${source}`;
    let glob: ReturnType<typeof compileGlob>;
    try {
      glob = compileGlob(anchored);
    } catch (error) {
      throw new TrawlError(
        'INVALID_OPTIONS',
        `${field}[${index}] is not a valid glob pattern (${clip(JSON.stringify(source))}): ${clip(String((error as Error).message))}`,
      );
    }
    return {
      source,
      test: (pathname) => glob.test(pathname) || (!pathname.endsWith('/') && glob.test(`${pathname}/`)),
    };
  });
}

function assertPatternCount(patterns: readonly string[] | undefined, field: string): void {
  if (patterns && patterns.length > MAX_PATTERNS) {
    throw new TrawlError('INVALID_OPTIONS', `${field} has ${patterns.length} patterns; at most ${MAX_PATTERNS} are accepted`);
  }
}
