import { Minimatch } from 'minimatch';
import { TrawlError } from '../errors.js';

/** A compiled include or exclude pattern; `source` is what the user wrote, for reports. */
export interface PathPattern {
  source: string;
  test(pathname: string, fullUrl: string): boolean;
}

/**
 * v1 `includePaths`/`excludePaths`: unanchored regular expressions tested against the path
 * (`/blog/post`), or against the whole URL when `onFullUrl` is set (the only way to match a query).
 */
export function compileRegexPatterns(patterns: readonly string[] | undefined, field: string, onFullUrl: boolean): PathPattern[] {
  return (patterns ?? []).map((source, index) => {
    let regex: RegExp;
    try {
      regex = new RegExp(source);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new TrawlError('INVALID_OPTIONS', `${field}[${index}] is not a valid regular expression (${JSON.stringify(source)}): ${reason}`);
    }
    return { source, test: (pathname, fullUrl) => regex.test(onFullUrl ? fullUrl : pathname) };
  });
}

/**
 * v0 `includes`/`excludes`: glob patterns on the path. A pattern without a leading `/` is
 * anchored at the root (`blog/**` means `/blog/**`), and a directory matches its own pattern
 * (`/blog` matches `/blog/**`).
 */
export function compileGlobPatterns(patterns: readonly string[] | undefined, field: string): PathPattern[] {
  return (patterns ?? []).map((source, index) => {
    if (typeof source !== 'string' || source.trim() === '') {
      throw new TrawlError('INVALID_OPTIONS', `${field}[${index}] must be a non-empty glob pattern`);
    }
    const anchored = source.startsWith('/') || source.startsWith('*') ? source : `/${source}`;
    const glob = new Minimatch(anchored, { dot: true });
    return {
      source,
      test: (pathname) => glob.match(pathname) || (!pathname.endsWith('/') && glob.match(`${pathname}/`)),
    };
  });
}
