import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../pages/layout.js';

export type Headers = Record<string, string | number>;

export const HTML = 'text/html; charset=utf-8';

export function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Headers = {}): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { 'content-type': contentType, 'content-length': bytes.length, ...headers });
  res.end(bytes);
}

export function sendHtml(res: ServerResponse, html: string, status = 200, headers: Headers = {}): void {
  send(res, status, HTML, html, headers);
}

export function redirect(res: ServerResponse, status: number, location: string): void {
  const safe = escapeHtml(location);
  const body = `<!doctype html><title>Moved</title><p>Moved to <a href="${safe}">${safe}</a>.</p>`;
  send(res, status, HTML, body, { location });
}

/** Origin as the client addressed it, so absolute links keep the host the client used. */
export function requestOrigin(req: IncomingMessage): string {
  return `http://${req.headers.host ?? `127.0.0.1:${req.socket.localPort}`}`;
}
