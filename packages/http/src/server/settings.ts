/**
 * The one rule about where the API may listen. The server's settings themselves (port, host,
 * keys, limits…) are read through core's settings table (`@trawl/core/settings`).
 */
import { isLoopbackHost } from './loopback.js';

/**
 * Without keys the API is open to anyone who can reach it, like a self-hosted Firecrawl; that
 * is only safe when nobody but this machine can. Returns the reason to refuse, or undefined.
 */
export function openAccessProblem(host: string, hasKeys: boolean): string | undefined {
  if (hasKeys || isLoopbackHost(host)) return undefined;
  return (
    `Refusing to serve the API on ${host} without API keys: anyone who can reach it could use it. ` +
    `Set TRAWL_API_KEYS="key:team,…" (or pass auth), or bind to a loopback address such as 127.0.0.1.`
  );
}
