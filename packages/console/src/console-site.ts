import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from './content-policy.js';
import { indexPage } from './index-page.js';

/** Where the built app lies: assets/ beside src/ and dist/, so both find it at the same depth. */
const ASSETS = new URL('../assets/', import.meta.url);
const ONE_YEAR = 'public, max-age=31536000, immutable';
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

interface BuiltFile {
  body: Buffer;
  type: string;
}

/** The part of a request's location the console needs (what `@trawl/http` passes). */
export interface ConsoleLocation {
  path: string;
  mountPrefix: string;
}

/** The console as `createTrawlApi({ console })` takes it. */
export interface TrawlConsole {
  /** Answers `GET`/`HEAD` of the console's page and assets and returns true; false for anything else, left to the API. */
  serve(req: IncomingMessage, res: ServerResponse, location: ConsoleLocation): boolean;
  /** The hashed files served under `/console/`, name → size in bytes. */
  readonly files: ReadonlyMap<string, number>;
}

/** True when the client asks for a page (a browser), not JSON: `curl` and the SDKs keep `GET /`'s JSON answer. */
function wantsPage(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  return accept.includes('text/html');
}

/** Reads the built app once; throws with the fix when it was never built. */
function loadAssets(): { manifest: { script: string; style: string }; files: Map<string, BuiltFile> } {
  let manifest: { script?: string; style?: string };
  try {
    manifest = JSON.parse(readFileSync(new URL('manifest.json', ASSETS), 'utf8'));
  } catch {
    throw new Error('The Trawl console is not built: run `pnpm --filter @trawl/console build:app` (or `pnpm build`).');
  }
  if (!manifest.script || !manifest.style)
    throw new Error('The Trawl console build is incomplete: assets/manifest.json names no script or style.');
  const files = new Map<string, BuiltFile>();
  for (const name of [manifest.script, manifest.style]) {
    const extension = name.slice(name.lastIndexOf('.'));
    files.set(`/console/${name}`, { body: readFileSync(new URL(name, ASSETS)), type: TYPES[extension] ?? 'application/octet-stream' });
  }
  return { manifest: { script: manifest.script, style: manifest.style }, files };
}

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer): void {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The web console: `/` (to browsers) is its page, `/console/<hashed file>` its script and
 * stylesheet, all held in memory from the start. Everything else, and `GET /` asked as JSON,
 * falls through to the API.
 */
export function createConsole(): TrawlConsole {
  const { manifest, files } = loadAssets();
  const pages = new Map<string, Buffer>();
  return {
    files: new Map([...files].map(([path, file]) => [path.slice('/console/'.length), file.body.length])),
    serve(req, res, location) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      if (location.path === '/') {
        if (!wantsPage(req)) return false;
        let page = pages.get(location.mountPrefix);
        if (!page) {
          page = Buffer.from(indexPage(location.mountPrefix, manifest));
          // One page per mount prefix; a server has one or two.
          if (pages.size < 16) pages.set(location.mountPrefix, page);
        }
        send(req, res, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', vary: 'accept' }, page);
        return true;
      }
      const file = location.path.startsWith('/console/') ? files.get(location.path) : undefined;
      if (!file) return false;
      send(req, res, 200, { 'content-type': file.type, 'cache-control': ONE_YEAR }, file.body);
      return true;
    },
  };
}
