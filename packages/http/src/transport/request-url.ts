import type { TLSSocket } from 'node:tls';
import type { NodeRequest } from './types.js';

export interface RequestLocation {
  /** The path the API routes on, mount prefix removed. */
  path: string;
  query: URLSearchParams;
  /** `proto://host` as the client reached us (proxy headers honoured). */
  origin: string;
  /** Where the API is mounted (`/firecrawl` under Express's `app.use('/firecrawl', …)`), or ''. */
  mountPrefix: string;
}

/**
 * Splits the request URL into the routed path and the mount prefix. Express and Connect strip
 * the prefix from `req.url` and keep the full path in `req.originalUrl`; a plain server can
 * give `basePath` instead.
 */
export function locateRequest(req: NodeRequest, basePath = ''): RequestLocation {
  const raw = req.url ?? '/';
  const parsed = new URL(raw, 'http://placeholder');
  let path = parsed.pathname;
  let mountPrefix = '';
  const original = req.originalUrl ? new URL(req.originalUrl, 'http://placeholder').pathname : path;
  if (original !== path && original.endsWith(path === '/' ? '' : path)) {
    mountPrefix = original.slice(0, original.length - (path === '/' ? 0 : path.length)).replace(/\/$/, '');
  }
  const base = basePath.replace(/\/+$/, '');
  if (base && (path === base || path.startsWith(`${base}/`))) {
    path = path.slice(base.length) || '/';
    mountPrefix += base;
  }
  return { path, query: parsed.searchParams, origin: requestOrigin(req), mountPrefix };
}

function requestOrigin(req: NodeRequest): string {
  const forwardedProto = firstValue(req.headers['x-forwarded-proto']);
  const encrypted = (req.socket as TLSSocket | undefined)?.encrypted === true;
  const proto = forwardedProto && /^https?$/i.test(forwardedProto) ? forwardedProto.toLowerCase() : encrypted ? 'https' : 'http';
  const host = firstValue(req.headers['x-forwarded-host']) ?? req.headers.host ?? 'localhost';
  return `${proto}://${host}`;
}

/** The first of a header's comma-separated values (proxies append theirs). */
function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.trim();
  return first ? first : undefined;
}

/** An absolute URL of one of the API's own paths, as the client reaches it. */
export function apiUrl(location: RequestLocation, path: string, query?: Record<string, string | number | undefined>): string {
  const url = new URL(`${location.origin}${location.mountPrefix}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  return url.href;
}
