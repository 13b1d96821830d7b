import { z } from 'zod';
import { TrawlError } from '../../errors.js';
import { MAX_URL_LENGTH } from '../../limits.js';
import { typedTargetUrl } from '../../url/typed-url.js';
import { budgetFor, type AgentBudget } from './agent-budget.js';

/** Firecrawl's default spending limit of one agent run. */
export const AGENT_DEFAULT_MAX_CREDITS = 2500;
/** The most one run may be given: a bound on what a single request can reserve. */
export const AGENT_MAX_CREDITS = 100_000;
export const AGENT_MAX_URLS = 100;
export const AGENT_MAX_PROMPT_CHARS = 10_000;
/** Hard ceilings of what a request may ask for explicitly (v1 deep research's maxDepth, timeLimit, maxUrls). */
export const AGENT_MAX_STEPS = 50;
export const AGENT_MAX_TIME_MS = 600_000;
export const AGENT_MAX_PAGES = 100;

/** What the agent engine runs, as the v2 agent and v1 deep research routes hand it over. */
export const agentRequestSchema = z.strictObject({
  prompt: z.string().trim().min(1).max(AGENT_MAX_PROMPT_CHARS),
  /** Pages to start from; with `strictConstrainToURLs` the only pages the agent may read. */
  urls: z.array(z.string().max(MAX_URL_LENGTH)).max(AGENT_MAX_URLS).default([]),
  strictConstrainToURLs: z.boolean().default(false),
  /** The answer's JSON Schema; absent, the answer is any JSON object. */
  schema: z.record(z.string(), z.unknown()).optional(),
  /** Replaces the opening of the planner's instructions. */
  systemPrompt: z.string().max(AGENT_MAX_PROMPT_CHARS).optional(),
  maxCredits: z.number().int().positive().max(AGENT_MAX_CREDITS).default(AGENT_DEFAULT_MAX_CREDITS),
  effort: z.enum(['low', 'medium', 'high']).optional(),
  /** Firecrawl's model names pick a budget; any other name is accepted and runs the medium one. */
  model: z.string().max(100).optional(),
  /** Explicit bounds (v1 deep research); each overrides what effort and model give. */
  maxSteps: z.number().int().positive().max(AGENT_MAX_STEPS).optional(),
  timeLimitMs: z.number().int().positive().max(AGENT_MAX_TIME_MS).optional(),
  maxPages: z.number().int().positive().max(AGENT_MAX_PAGES).optional(),
});

export type AgentRequestInput = z.input<typeof agentRequestSchema>;
export type AgentRequest = Omit<z.output<typeof agentRequestSchema>, 'maxSteps' | 'timeLimitMs' | 'maxPages'> & {
  budget: AgentBudget;
};

/**
 * Validates the request, reads every URL as scrape() would (no scheme: http://), and settles the
 * run's budget (steps, time, pages) from effort, model and explicit bounds. Throws INVALID_OPTIONS.
 */
export function resolveAgentRequest(input: AgentRequestInput): AgentRequest {
  const parsed = agentRequestSchema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ');
    throw new TrawlError('INVALID_OPTIONS', `Invalid agent request: ${details}`);
  }
  const { maxSteps, timeLimitMs, maxPages, ...request } = parsed.data;
  if (request.strictConstrainToURLs && !request.urls.length) {
    throw new TrawlError('INVALID_OPTIONS', 'Invalid agent request: strictConstrainToURLs needs urls to keep the agent to');
  }
  const base = budgetFor(request.effort, request.model);
  return {
    ...request,
    urls: [...new Set(request.urls.map((url) => typedTargetUrl(url)))],
    budget: {
      maxSteps: maxSteps ?? base.maxSteps,
      timeLimitMs: timeLimitMs ?? base.timeLimitMs,
      maxPages: maxPages ?? base.maxPages,
    },
  };
}
