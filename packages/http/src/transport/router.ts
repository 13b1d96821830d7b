/**
 * A tiny method + path-pattern router: `/v1/crawl/:id/errors` style patterns, exact segments
 * otherwise. It knows nothing about HTTP beyond method names, so it is trivially testable.
 */
export type PathParams = Record<string, string>;

export type RouteMatch<T> =
  | { type: 'found'; route: T; params: PathParams }
  /** The path exists, with other methods. */
  | { type: 'method_not_allowed'; allowed: string[] }
  | { type: 'not_found' };

interface Entry<T> {
  method: string;
  segments: string[];
  route: T;
}

export class Router<T> {
  private readonly entries: Entry<T>[] = [];

  add(method: string, pattern: string, route: T): this {
    this.entries.push({ method: method.toUpperCase(), segments: splitPath(pattern), route });
    return this;
  }

  /** `HEAD` is served by the `GET` route (node:http sends the headers and drops the body). */
  match(method: string, path: string): RouteMatch<T> {
    const segments = splitPath(path);
    const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const allowed: string[] = [];
    for (const entry of this.entries) {
      const params = matchSegments(entry.segments, segments);
      if (!params) continue;
      if (entry.method === wanted) return { type: 'found', route: entry.route, params };
      allowed.push(entry.method);
      if (entry.method === 'GET') allowed.push('HEAD');
    }
    return allowed.length ? { type: 'method_not_allowed', allowed } : { type: 'not_found' };
  }
}

/** Path segments without empty ones, so `/v1/crawl/` and `/v1//crawl` match `/v1/crawl`. */
function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function matchSegments(pattern: string[], path: string[]): PathParams | null {
  if (pattern.length !== path.length) return null;
  const params: PathParams = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const actual = path[i]!;
    if (expected.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(actual);
      } catch {
        return null;
      }
      params[expected.slice(1)] = value;
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}
