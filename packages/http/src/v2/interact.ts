/**
 * `POST /v2/scrape/{id}/interact` and `DELETE` (SDK `interact`, `stopInteraction`): go on with
 * the page of an earlier v2 scrape of the same team. A browser scrape keeps its page for
 * `interactKeepMs` (the setting TRAWL_INTERACT_KEEP_SECONDS); a scrape that kept none (read over
 * HTTP, or from the page memory) gets a session page loaded at its URL on the first interact,
 * within the same time.
 */
import type { BrowserPageSession } from '@trawl/core/ports';
import { sessionNotFound, spendCredits } from '@trawl/core/server';
import { readRetainedScrape } from './retained-scrape.js';
import { v2ExecuteSchema } from '../schemas/v2-browser.js';
import { assertRunnable, executeOnPage, executeTimeoutMs } from '../sessions/execute.js';
import { sessionMinutesCost } from '../sessions/session-service.js';
import { sessionBrowser } from './browser-sessions.js';
import { parseV2Body } from '../routes/parse-v2-body.js';
import type { ApiContext, RouteHandler } from '../routes/types.js';

export const v2Interact: RouteHandler = async (request, api) => {
  const body = parseV2Body(v2ExecuteSchema, request.body);
  assertRunnable(body, api.sessions.settings.codeEnabled);
  const scrapeId = request.params.id!;
  const { registry } = api.sessions;
  if (!registry.list(request.teamId, 'interact').some((entry) => entry.id === scrapeId)) {
    await reopenScrapePage(api, request.teamId, scrapeId, executeTimeoutMs(body));
  }
  // Firecrawl's price of a browser: 2 credits per started minute of the call, held for its timeout.
  const startedAt = Date.now();
  const answer = await spendCredits(
    api.runtime.store.teams,
    request.account,
    sessionMinutesCost(executeTimeoutMs(body)),
    () =>
      registry.use(request.teamId, 'interact', scrapeId, (entry) =>
        executeOnPage(entry.page, body, api.runtime.llm, request.signal, api.runtime.policy),
      ),
    () => sessionMinutesCost(Date.now() - startedAt),
  );
  return { body: answer };
};

export const v2InteractStop: RouteHandler = async (request, api) => {
  const { entry, durationMs } = await api.sessions.registry.end(request.teamId, 'interact', request.params.id!);
  // Stopped means stopped: a later interact is a 404, not a new page.
  api.sessions.markStopped(entry.id, entry.expiresAt);
  return { body: { success: true, status: 'destroyed', sessionDurationMs: durationMs, creditsBilled: 0 } };
};

/** A page for a scrape that kept none: loaded at the scrape's URL, while the scrape is within the keep time. */
async function reopenScrapePage(api: ApiContext, teamId: string, scrapeId: string, timeoutMs: number): Promise<void> {
  const keepMs = api.sessions.settings.interactKeepMs;
  const missing = sessionNotFound('interact');
  // Another team's scrape, or no scrape at all, reads the same as one past its time.
  const job = await api.runtime.store.jobs.get(scrapeId);
  if (!job || job.teamId !== teamId || job.kind !== 'scrape') throw missing;
  const left = job.createdAt + keepMs - Date.now();
  if (keepMs === 0 || left <= 0 || api.sessions.wasStopped(scrapeId)) throw missing;
  const document = await readRetainedScrape(api.runtime.store, job.id);
  const url = document?.metadata.url ?? document?.metadata.sourceURL;
  if (!url) throw missing;
  const page = await sessionBrowser(api).openSession({
    policy: api.runtime.policy,
    userAgent: api.runtime.userAgent,
    ...(api.runtime.maxBodyBytes === undefined ? {} : { maxBodyBytes: api.runtime.maxBodyBytes }),
  });
  try {
    await page.goto(url, timeoutMs);
  } catch (error) {
    await page.close();
    throw error;
  }
  await keepScrapePage(api, teamId, scrapeId, page, left);
}

/** Registers a scrape's page for interact, for `ttlMs` (idle for as long). */
export async function keepScrapePage(
  api: ApiContext,
  teamId: string,
  scrapeId: string,
  page: BrowserPageSession,
  ttlMs: number,
): Promise<void> {
  await api.sessions.registry.add({ id: scrapeId, teamId, kind: 'interact', page, ttlMs, idleMs: ttlMs });
}
