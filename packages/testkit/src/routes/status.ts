import type { ServerResponse } from 'node:http';
import { phrases } from '../phrases.js';
import { escapeHtml, simplePage } from '../pages/layout.js';
import { sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: phrases.notFound,
  410: 'Gone',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/** Statuses that tell the client when to come back. */
const RETRY_AFTER_SECONDS: Record<number, number> = { 429: 1, 503: 1 };

export function sendStatusPage(res: ServerResponse, status: number): void {
  const text = STATUS_TEXT[status] ?? `Status ${status}`;
  const retryAfter = RETRY_AFTER_SECONDS[status];
  const headers: Record<string, number> = retryAfter === undefined ? {} : { 'retry-after': retryAfter };
  sendHtml(res, simplePage(text, `<h1>${text}</h1>\n<p>The fixture site answered with status ${status}.</p>`), status, headers);
}

export function sendNotFound(res: ServerResponse): void {
  sendStatusPage(res, 404);
}

/** Per-key request counters for /flaky; they live as long as the site. */
export type FlakyCounters = Map<string, number>;

export function statusRoutes(flakyCounters: FlakyCounters): Route[] {
  return [
    { path: /^\/status\/([45]\d\d)$/, handle: ({ res, params }) => sendStatusPage(res, Number(params[0])) },
    {
      path: '/flaky',
      handle: ({ res, url }) => {
        const key = url.searchParams.get('key') ?? 'default';
        const failures = Number(url.searchParams.get('fail') ?? 1);
        const seen = (flakyCounters.get(key) ?? 0) + 1;
        flakyCounters.set(key, seen);
        if (seen <= failures) {
          sendHtml(res, simplePage('Service unavailable', `<p>Attempt ${seen} of key ${escapeHtml(key)} fails.</p>`), 503);
          return;
        }
        sendHtml(res, simplePage('Flaky page', `<h1>Flaky page</h1>\n<p>${phrases.flakyRecovered}: attempt ${seen}.</p>`));
      },
    },
  ];
}
