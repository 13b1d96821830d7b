/**
 * `/v2/browser`: long-lived browser sessions (SDK `browser`, `listBrowsers`, `browserExecute`,
 * `deleteBrowser`), each a page of its own in the server's Chromium, holding no scrape slot.
 * Kept in core's SessionRegistry with the pages scrapes keep for interact (docs/browser.md).
 */
import { randomUUID } from 'node:crypto';
import { TrawlError } from '@trawl/core';
import type { Browser } from '@trawl/core/ports';
import type { SessionEntry } from '@trawl/core/server';
import { parseV2Body } from '../routes/parse-v2-body.js';
import {
  SESSION_IDLE_SECONDS,
  SESSION_TTL_SECONDS,
  v2BrowserCreateSchema,
  v2BrowserListQuerySchema,
  v2ExecuteSchema,
} from '../schemas/v2-browser.js';
import { assertRunnable, executeOnPage } from '../sessions/execute.js';
import type { ApiContext, RouteHandler } from '../routes/types.js';

/** The browser, when it can open sessions; SCRAPE_ADAPTER_MISSING (501) otherwise. */
export function sessionBrowser(api: ApiContext): Required<Pick<Browser, 'openSession'>> {
  const browser = api.runtime.browser;
  if (!browser?.openSession) {
    throw new TrawlError(
      'SCRAPE_ADAPTER_MISSING',
      'Browser sessions need a browser that keeps pages (the built-in Chromium), and this server has none',
    );
  }
  return { openSession: browser.openSession.bind(browser) };
}

export const v2BrowserCreate: RouteHandler = async (request, api) => {
  const { ttl, activityTtl, profile, origin, integration, streamWebView } = parseV2Body(v2BrowserCreateSchema, request.body);
  void origin, void integration, void streamWebView;
  const { registry } = api.sessions;
  const browser = sessionBrowser(api);
  registry.assertRoom(request.teamId);
  const ttlMs = (ttl ?? SESSION_TTL_SECONDS.default) * 1000;
  const idleMs = (activityTtl ?? SESSION_IDLE_SECONDS.default) * 1000;
  const hold = await api.sessions.reserve(request.account, ttlMs);
  const id = randomUUID();
  let entry: SessionEntry;
  try {
    const state = profile ? await api.sessions.loadProfile(request.teamId, profile.name) : undefined;
    const page = await browser.openSession({
      policy: api.runtime.policy,
      userAgent: api.runtime.userAgent,
      ...(api.runtime.maxBodyBytes === undefined ? {} : { maxBodyBytes: api.runtime.maxBodyBytes }),
      ...(state ? { state } : {}),
    });
    api.sessions.attachHold(id, hold);
    entry = await registry.add({
      id,
      teamId: request.teamId,
      kind: 'browser',
      page,
      ttlMs,
      idleMs,
      ...(profile ? { profile: { name: profile.name, saveChanges: profile.saveChanges ?? true } } : {}),
    });
  } catch (error) {
    await api.sessions.releaseHold(hold);
    throw error;
  }
  return { body: { success: true, id, expiresAt: new Date(entry.expiresAt).toISOString() } };
};

export const v2BrowserList: RouteHandler = async (request, api) => {
  const { status } = parseV2Body(v2BrowserListQuerySchema, Object.fromEntries(request.location.query));
  const sessions =
    status === 'destroyed'
      ? api.sessions.ended(request.teamId).map((ended) => listItem(ended.id, 'destroyed', ended.createdAt, ended.lastActivity))
      : api.sessions.registry
          .list(request.teamId, 'browser')
          .map((entry) => listItem(entry.id, 'active', entry.createdAt, entry.lastActivity));
  return { body: { success: true, sessions } };
};

/** The SDK's BrowserSession: Trawl serves no CDP endpoint or live view, so those are empty. */
function listItem(id: string, status: string, createdAt: number, lastActivity: number) {
  return {
    id,
    status,
    cdpUrl: '',
    liveViewUrl: '',
    streamWebView: false,
    createdAt: new Date(createdAt).toISOString(),
    lastActivity: new Date(lastActivity).toISOString(),
  };
}

export const v2BrowserDelete: RouteHandler = async (request, api) => {
  const { durationMs } = await api.sessions.registry.end(request.teamId, 'browser', request.params.id!);
  return {
    body: { success: true, status: 'destroyed', sessionDurationMs: durationMs, creditsBilled: api.sessions.billedFor(request.params.id!) },
  };
};

export const v2BrowserExecute: RouteHandler = async (request, api) => {
  const body = parseV2Body(v2ExecuteSchema, request.body);
  assertRunnable(body, api.sessions.settings.codeEnabled);
  // The session's minutes are already held: a call costs nothing more (its model tokens are metered).
  const answer = await api.sessions.registry.use(request.teamId, 'browser', request.params.id!, (entry) =>
    executeOnPage(entry.page, body, api.runtime.llm, request.signal, api.runtime.policy),
  );
  return { body: answer };
};
