/**
 * Extract's `urls` are globs: `https://site/*` (the whole site, as Firecrawl reads a trailing
 * `/*`), `https://site/blog/**` (a section), `https://site/docs/*.html` (minimatch on the path),
 * `https://*.site.com/*` (hosts too). A URL without glob characters is a single page. Globs run
 * on RE2 (`compileGlob`), so a hostile page's paths cannot make matching backtrack.
 */
import { TrawlError } from '../../errors.js';
import { clip } from '../../limits.js';
import { compileGlob } from '../../url/glob.js';
import { parseTargetUrl } from '../../url/guard.js';

const GLOB_CHARS = /[*?[\]{}]/;

export function isUrlPattern(url: string): boolean {
  return GLOB_CHARS.test(url.replace(/^[a-z]+:\/\//i, ''));
}

/** Where to look for pages matching `pattern`: its origin and the path before the first glob. */
export function patternBase(pattern: string): string {
  const { protocol, host, path } = splitPattern(pattern);
  const cleanHost = host.replace(/^(\*\*?\.)+/, '');
  if (GLOB_CHARS.test(cleanHost)) throw invalid(pattern, 'only a leading "*." may be a glob in the host');
  const firstGlob = path.search(GLOB_CHARS);
  const fixed = firstGlob < 0 ? path : path.slice(0, path.lastIndexOf('/', firstGlob) + 1);
  return parseTargetUrl(`${protocol}//${cleanHost}${fixed || '/'}`).href;
}

/**
 * Whether `url` is one of the pages `pattern` names. The scheme is not compared (a site that
 * moved to https still matches), the query is ignored, and `includeSubdomains` lets any
 * subdomain of the pattern's host match.
 */
export function matchesUrlPattern(url: string, pattern: string, options: { includeSubdomains?: boolean } = {}): boolean {
  let candidate: URL;
  try {
    candidate = new URL(url);
  } catch {
    return false;
  }
  const { host, path } = splitPattern(pattern);
  const hostPattern = host.toLowerCase();
  const baseHost = hostPattern.replace(/^(\*\*?\.)+/, '');
  const hostOk =
    globMatches(hostPattern, candidate.host) ||
    candidate.host === baseHost ||
    (Boolean(options.includeSubdomains) && candidate.host.endsWith(`.${baseHost}`));
  if (!hostOk) return false;
  const pathPattern = (path || '/').replace(/\/\*$/, '/**');
  const pathname = safeDecode(candidate.pathname);
  return [pathname, pathname.endsWith('/') ? pathname.slice(0, -1) : `${pathname}/`].some((p) => p && globMatches(pathPattern, p));
}

// Compiled once per pattern: every link of every fetched page is matched against the same few.
const compiledGlobs = new Map<string, ReturnType<typeof compileGlob>>();

function globMatches(pattern: string, text: string): boolean {
  let glob = compiledGlobs.get(pattern);
  if (!glob) {
    try {
      glob = compileGlob(pattern);
    } catch {
      throw invalid(pattern, 'the glob does not compile');
    }
    if (compiledGlobs.size >= 256) compiledGlobs.clear();
    compiledGlobs.set(pattern, glob);
  }
  return glob.test(text);
}

function splitPattern(pattern: string): { protocol: string; host: string; path: string } {
  const match = /^(https?:)\/\/([^/?#]+)([^?#]*)/i.exec(pattern.trim());
  if (!match) throw invalid(pattern, 'give an absolute http:// or https:// URL or glob');
  return { protocol: match[1]!.toLowerCase(), host: match[2]!, path: safeDecode(match[3]!) };
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

function invalid(pattern: string, why: string): TrawlError {
  return new TrawlError('INVALID_OPTIONS', `Invalid URL pattern ${JSON.stringify(clip(pattern))}: ${why}`);
}
