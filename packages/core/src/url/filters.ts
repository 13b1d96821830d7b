import { TrawlError } from '../errors.js';
import { MAX_URL_LENGTH } from '../limits.js';
import { pathDepth } from './depth.js';
import { INDEX_FILES } from './normalize.js';
import { compileGlobPatterns, compileRegexPatterns, type PathPattern } from './patterns.js';
import { isSameHost, isSameRegistrableDomain, isSocialMediaHost } from './site.js';

/** Extensions of files a content crawl skips. Documents (PDF, Word, spreadsheets, slides) and XML are kept on purpose: they carry text. */
export const SKIPPED_FILE_EXTENSIONS: readonly string[] = [
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.css',
  '.js',
  '.ico',
  '.svg',
  '.tiff',
  '.zip',
  '.exe',
  '.dmg',
  '.mp4',
  '.mp3',
  '.wav',
  '.avi',
  '.flv',
  '.woff',
  '.ttf',
  '.woff2',
  '.webp',
  '.inc',
];

export interface LinkFilterOptions {
  /** The crawl's start URL: defines "internal", the backward check and the sitemap depth budget. */
  startUrl: string;
  /** v0 glob patterns on the path. */
  includes?: readonly string[];
  excludes?: readonly string[];
  /** v1 regular expressions on the path (or on the full URL with `regexOnFullURL`). */
  includePaths?: readonly string[];
  excludePaths?: readonly string[];
  regexOnFullURL?: boolean;
  /** Firecrawl's `maxDepth`: the most non-empty path segments a URL may have. */
  maxDepth?: number;
  /** Link hops from the start page (start = 0, its links = 1; sitemap URLs count as 0). */
  maxDiscoveryDepth?: number;
  /** v0 `allowBackwardCrawling`, v1 `allowBackwardLinks`/`crawlEntireDomain`. */
  allowBackwardCrawling?: boolean;
  /** v0 `allowExternalContentLinks`, v1 `allowExternalLinks`. */
  allowExternalContentLinks?: boolean;
  /** Follow other hosts of the start URL's registrable domain (`docs.example.com` from `example.com`). */
  allowSubdomains?: boolean;
  skippedFileExtensions?: readonly string[];
}

export interface LinkContext {
  /** Discovery depth the linked page would have: 1 for links on the start page, 0 for sitemap URLs. */
  depth: number;
  /** `sitemap` URLs get the depth budget `maxDepth + pathDepth(startUrl)`, as in Firecrawl. */
  source?: 'link' | 'sitemap';
  /** The page the link was found on; external pages never contribute further external links. */
  parentUrl?: string;
}

export type LinkRejectionReason =
  | 'invalid-url'
  | 'unsupported-scheme'
  | 'file-extension'
  | 'external'
  | 'social-media'
  | 'max-discovery-depth'
  | 'max-depth'
  | 'excluded'
  | 'not-included'
  | 'backward';

export type LinkVerdict = { allowed: true } | { allowed: false; reason: LinkRejectionReason; detail: string };

export type LinkFilter = (url: string, context: LinkContext) => LinkVerdict;

const ALLOWED: LinkVerdict = { allowed: true };

/**
 * Compiles the crawl's link rules once and returns a pure, synchronous verdict function.
 * Throws INVALID_OPTIONS for a bad pattern or a start URL deeper than `maxDepth`.
 * robots.txt is not checked here: it needs I/O, see `createRobotsPolicy`.
 */
export function createLinkFilter(options: LinkFilterOptions): LinkFilter {
  const start = parseStart(options.startUrl);
  const onFullUrl = options.regexOnFullURL ?? false;
  const excludes = [
    ...compileGlobPatterns(options.excludes, 'excludes'),
    ...compileRegexPatterns(options.excludePaths, 'excludePaths', onFullUrl),
  ];
  const includes = [
    ...compileGlobPatterns(options.includes, 'includes'),
    ...compileRegexPatterns(options.includePaths, 'includePaths', onFullUrl),
  ];
  const skipped = (options.skippedFileExtensions ?? SKIPPED_FILE_EXTENSIONS).map((ext) => ext.toLowerCase());
  const startDepth = pathDepth(start);
  const maxDepth = options.maxDepth;
  if (maxDepth !== undefined && startDepth > maxDepth) {
    throw new TrawlError('INVALID_OPTIONS', `The start URL's path depth (${startDepth}) exceeds maxDepth (${maxDepth})`);
  }
  const basePath = backwardBase(start.pathname);

  return (link, context) => {
    if (link.length > MAX_URL_LENGTH) return reject('invalid-url', `longer than ${MAX_URL_LENGTH} characters: ${link.slice(0, 80)}`);
    if (!/^https?:/i.test(link)) {
      return /^[a-z][a-z0-9+.-]*:/i.test(link)
        ? reject('unsupported-scheme', `only http and https links are crawled: ${link.slice(0, 40)}`)
        : reject('invalid-url', `not an absolute URL: ${link.slice(0, 80)}`);
    }
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return reject('invalid-url', `not a valid URL: ${link.slice(0, 80)}`);
    }

    const fileName = url.pathname.slice(url.pathname.lastIndexOf('/') + 1).toLowerCase();
    const extension = skipped.find((ext) => fileName.endsWith(ext));
    if (extension) return reject('file-extension', `${extension} files are not crawled`);

    const internal = isSameHost(url, start);
    if (!internal) {
      const verdict = externalVerdict(url, start, context, options);
      if (verdict) return verdict;
    }

    if (options.maxDiscoveryDepth !== undefined && context.depth > options.maxDiscoveryDepth) {
      return reject('max-discovery-depth', `${context.depth} links away from the start page (max ${options.maxDiscoveryDepth})`);
    }
    if (maxDepth !== undefined) {
      const budget = context.source === 'sitemap' ? maxDepth + startDepth : maxDepth;
      const depth = pathDepth(url);
      if (depth > budget) return reject('max-depth', `path depth ${depth} exceeds maxDepth ${budget}`);
    }

    const excludedBy = firstMatch(excludes, url);
    if (excludedBy) return reject('excluded', `matches exclude pattern ${excludedBy.source}`);
    if (includes.length > 0 && !firstMatch(includes, url)) return reject('not-included', 'matches no include pattern');

    if (internal && !options.allowBackwardCrawling && !isUnderPath(url.pathname, basePath)) {
      return reject('backward', `outside the start path ${basePath}; set allowBackwardCrawling (crawlEntireDomain) to follow it`);
    }
    return ALLOWED;
  };
}

function externalVerdict(url: URL, start: URL, context: LinkContext, options: LinkFilterOptions): LinkVerdict | undefined {
  if (options.allowSubdomains && isSameRegistrableDomain(url, start)) return undefined;
  if (!options.allowExternalContentLinks) return reject('external', `${url.hostname} is not the start URL's host`);
  if (isSocialMediaHost(url.hostname)) return reject('social-media', `${url.hostname} is a social network`);
  if (context.parentUrl && !isInternalOrSubdomain(context.parentUrl, start, options)) {
    return reject('external', 'links found on external pages are not followed');
  }
  return undefined;
}

function isInternalOrSubdomain(link: string, start: URL, options: LinkFilterOptions): boolean {
  try {
    const url = new URL(link);
    return isSameHost(url, start) || (options.allowSubdomains === true && isSameRegistrableDomain(url, start));
  } catch {
    return false;
  }
}

function firstMatch(patterns: PathPattern[], url: URL): PathPattern | undefined {
  return patterns.find((pattern) => pattern.test(url.pathname, url.href));
}

/** The path a non-backward crawl stays under: the start path minus any index file and trailing slash. */
function backwardBase(pathname: string): string {
  const lastSlash = pathname.lastIndexOf('/');
  const path = INDEX_FILES.has(pathname.slice(lastSlash + 1).toLowerCase()) ? pathname.slice(0, lastSlash + 1) : pathname;
  return path.replace(/\/+$/, '');
}

/** Segment-aware prefix: `/blog` covers `/blog` and `/blog/x` but not `/blogroll`. */
function isUnderPath(pathname: string, base: string): boolean {
  return base === '' || pathname === base || pathname.startsWith(`${base}/`);
}

function parseStart(startUrl: string): URL {
  try {
    const url = new URL(startUrl);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw new TrawlError('INVALID_OPTIONS', `The start URL must be an absolute http(s) URL, got ${JSON.stringify(startUrl)}`);
}

function reject(reason: LinkRejectionReason, detail: string): LinkVerdict {
  return { allowed: false, reason, detail };
}
