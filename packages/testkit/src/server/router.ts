import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Origin the client used, e.g. http://127.0.0.1:PORT. */
  origin: string;
  /** Capture groups of a pattern route. */
  params: string[];
}

export type RouteHandler = (ctx: RouteContext) => void | Promise<void>;

export interface Route {
  /** An exact pathname, or a pattern matched against the whole pathname. */
  path: string | RegExp;
  handle: RouteHandler;
}

/** Exact paths win over patterns; patterns are tried in the order given. */
export function createRouter(routes: Route[], fallback: RouteHandler): RouteHandler {
  const exact = new Map<string, RouteHandler>();
  const patterns: { pattern: RegExp; handle: RouteHandler }[] = [];
  for (const route of routes) {
    if (typeof route.path === 'string') {
      if (exact.has(route.path)) throw new Error(`duplicate fixture route ${route.path}`);
      exact.set(route.path, route.handle);
    } else {
      patterns.push({ pattern: route.path, handle: route.handle });
    }
  }
  return (ctx) => {
    const pathname = ctx.url.pathname;
    const handler = exact.get(pathname);
    if (handler) return handler(ctx);
    for (const { pattern, handle } of patterns) {
      const match = pattern.exec(pathname);
      if (match) return handle({ ...ctx, params: match.slice(1) });
    }
    return fallback(ctx);
  };
}
