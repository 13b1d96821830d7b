import type { NodeResponse } from './types.js';

/** Writes a JSON response (does nothing when the response already went out). */
export function sendJson(res: NodeResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.writableEnded) return;
  // Encoded once: status pages run to megabytes, and a second pass to count bytes would show.
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(payload.length),
  });
  res.end(payload);
}
