/**
 * The shape of a URL: what stays when the parts a site counts with are taken out. Pages of one
 * shape differ only in a counter, a date or an id (`/calendar?month=2026-11`, `/blog/page/7`,
 * `/shop?sort=price&sid=…`), so a crawl trap is an endless run of one shape. Pure, no I/O.
 */

/** A run of digits: counters, dates, numeric ids. */
const DIGITS = /[0-9]+/g;
/** A long token mixing letters and digits: session ids, hashes, opaque ids. */
const OPAQUE_TOKEN = /^(?=[^/]*[0-9])(?=[^/]*[a-z])[a-z0-9_-]{16,}$/i;

/**
 * `host` + the path with each digit run as `#` and each opaque token as `*` + the query's
 * parameter names, sorted, without their values. Undefined for a URL that does not parse.
 */
export function urlShape(url: string): string | undefined {
  const parsed = parseUrl(url);
  if (!parsed) return undefined;
  const path = parsed.pathname
    .split('/')
    .map((segment) => (OPAQUE_TOKEN.test(segment) ? '*' : segment.replace(DIGITS, '#')))
    .join('/');
  const names = [...new Set([...parsed.searchParams.keys()])].sort();
  return `${parsed.host.toLowerCase()}${path}${names.length ? `?${names.join('&')}` : ''}`;
}

/** How often a path segment may repeat before the path is a loop (`/a/b/a/b/a/b/…` of relative links). */
export const MAX_SEGMENT_REPEATS = 3;

/**
 * Whether the path repeats one segment more than MAX_SEGMENT_REPEATS times: what relative links
 * resolved against a wrong base make, one level deeper each page (`/docs/x/docs/x/docs/x/…`).
 */
export function isLoopingPath(url: string): boolean {
  const pathname = parseUrl(url)?.pathname ?? '';
  const counts = new Map<string, number>();
  for (const segment of pathname.split('/')) {
    if (!segment) continue;
    const count = (counts.get(segment) ?? 0) + 1;
    if (count > MAX_SEGMENT_REPEATS) return true;
    counts.set(segment, count);
  }
  return false;
}

/** A year and a month (`2026-11`, `2026/11`, `202611`) not inside a longer number. */
const YEAR_MONTH = /(?:^|[^0-9])(?:19|20)[0-9]{2}[-/_.]?(?:0[1-9]|1[0-2])(?:[^0-9]|$)/;
/** Query parameters that page through time. */
const DATE_PARAMETERS = new Set(['date', 'day', 'week', 'month', 'year', 'from', 'to', 'start', 'end', 'cal', 'calendar']);

/**
 * Whether the URL names a date (a year and month in its path or a value, or a parameter such as
 * `month=`): a calendar's pages, which go on as long as time does.
 */
export function hasDatePart(url: string): boolean {
  const parsed = parseUrl(url);
  if (!parsed) return false;
  if ([...parsed.searchParams.keys()].some((name) => DATE_PARAMETERS.has(name.toLowerCase()))) return true;
  return YEAR_MONTH.test(parsed.pathname) || [...parsed.searchParams.values()].some((value) => YEAR_MONTH.test(value));
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
