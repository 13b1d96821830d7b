/** Starting a crawl for a team, as v0, v1 and v2 do: the adapters checked, the page limit paid for, the job created. */
import {
  assertLlmAvailable,
  planEngine,
  startCrawlJob,
  type Account,
  type PageMemoryRequest,
  type StartJobInput,
} from '@trawl/core/server';
import { resolveScrapeOptions, type CrawlOptionsInput, type ScrapeOptionsInput } from '@trawl/core';
import type { JobRecord } from '@trawl/core/ports';
import { pageCost, requireCredits } from '../limits/credits.js';
import type { ApiContext } from './types.js';

/** Starts a crawl for a team (v1 and v2 alike): adapters checked, limit shrunk to what it can pay, webhook `started` sent. */
export async function startTeamCrawl(
  api: ApiContext,
  account: Account,
  input: {
    url: string;
    rules: CrawlOptionsInput;
    scrapeOptions: ScrapeOptionsInput;
    extra: Record<string, unknown>;
    /** Change tracking of the crawl's pages (v2's changeTracking format). */
    memory?: PageMemoryRequest;
  },
): Promise<JobRecord> {
  assertJobCan(api, input.scrapeOptions);
  const rules = await affordableRules(api, account.teamId, input.rules, pageCost(input.scrapeOptions));
  const job = await startCrawlJob(input.url, rules, {
    ...jobInput(api, account, input),
    ...(input.memory ? { memory: input.memory } : {}),
  });
  api.notifier.started(job);
  return job;
}

/** Where and for whom a crawl or batch job is created: its pages are charged to the account's team and key. */
export function jobInput(
  api: ApiContext,
  account: Account,
  input: { scrapeOptions: ScrapeOptionsInput; extra: Record<string, unknown> },
): StartJobInput {
  return {
    store: api.runtime.store,
    teamId: account.teamId,
    apiKey: account.apiKey,
    retentionMs: api.runtime.retentionMs,
    scrapeOptions: input.scrapeOptions,
    ...(Object.keys(input.extra).length ? { extra: input.extra } : {}),
  };
}

/**
 * A crawl needs credits for one page at least, and its page limit shrinks to what the team can
 * pay (Firecrawl clamps the same way); pages are billed as they are scraped.
 */
export async function affordableRules(
  api: ApiContext,
  teamId: string,
  rules: CrawlOptionsInput,
  costPerPage: number,
): Promise<CrawlOptionsInput> {
  const balance = await requireCredits(api.runtime.store, teamId, costPerPage);
  if (balance === null) return rules;
  const affordable = Math.max(1, Math.floor(balance / costPerPage));
  return { ...rules, limit: Math.min(rules.limit ?? 10_000, affordable) };
}

/**
 * Refuses a job whose pages need an adapter the server lacks (screenshots or actions without a
 * browser, json or alt text without an LLM) up front, rather than failing every page later.
 */
export function assertJobCan(api: ApiContext, scrapeOptions: ScrapeOptionsInput): void {
  const resolved = resolveScrapeOptions(scrapeOptions);
  planEngine('auto', resolved, api.runtime.browser !== undefined);
  assertLlmAvailable(resolved, api.runtime.llm);
}
