/**
 * What an agent run may spend: steps (model calls that pick a tool), wall time, pages read and
 * credits. Pure: the loop asks `stopReason` before each step and `canAfford` before each action.
 */
import { LLM_PAGE_CREDITS } from '../llm-formats.js';

export type AgentEffort = 'low' | 'medium' | 'high';

export interface AgentBudget {
  /** Planning steps at most (each is one model call choosing one tool). */
  maxSteps: number;
  timeLimitMs: number;
  /** Pages read at most (scrape, crawl and extract pages together). */
  maxPages: number;
}

export const EFFORT_BUDGETS: Readonly<Record<AgentEffort, AgentBudget>> = {
  low: { maxSteps: 6, timeLimitMs: 120_000, maxPages: 10 },
  medium: { maxSteps: 12, timeLimitMs: 300_000, maxPages: 25 },
  high: { maxSteps: 25, timeLimitMs: 600_000, maxPages: 60 },
};

/** Firecrawl's agent models, as the effort they stand for here. */
const MODEL_EFFORT: Readonly<Record<string, AgentEffort>> = {
  'spark-1-mini': 'low',
  'spark-2': 'medium',
  'spark-1-pro': 'high',
};

/** `effort` wins; else the model's; else medium (an unknown model name is not an error). */
export function budgetFor(effort: AgentEffort | undefined, model: string | undefined): AgentBudget {
  return EFFORT_BUDGETS[effort ?? (model ? MODEL_EFFORT[model] : undefined) ?? 'medium'];
}

/** Credits of each thing the agent does (Firecrawl's unit prices: a page 1, an LLM page 5). */
export const AGENT_CREDITS = {
  /** One planning step (a model call). */
  step: 1,
  /** A search, per hit returned. */
  searchHit: 1,
  map: 1,
  /** A page read by scrape or crawl. */
  page: 1,
  /** A page read and extracted from by the model. */
  extractPage: LLM_PAGE_CREDITS,
  /** The final answer (a model call over everything read). */
  answer: LLM_PAGE_CREDITS,
} as const;

export interface AgentSpend {
  steps: number;
  pages: number;
  credits: number;
  startedAt: number;
}

export type StopReason = 'steps' | 'time' | 'credits' | 'pages';

/**
 * Why no further step may run, or undefined when one may: a step must leave the final answer
 * affordable, so the run always ends with an answer however small `maxCredits` is.
 */
export function stopReason(budget: AgentBudget, maxCredits: number, spend: AgentSpend, now: number): StopReason | undefined {
  if (spend.steps >= budget.maxSteps) return 'steps';
  if (now - spend.startedAt >= budget.timeLimitMs) return 'time';
  if (spend.credits + AGENT_CREDITS.step + AGENT_CREDITS.answer > maxCredits) return 'credits';
  return undefined;
}

/** True when an action costing at most `most` still leaves the final answer affordable. */
export function canAfford(maxCredits: number, spend: AgentSpend, most: number): boolean {
  return spend.credits + most + AGENT_CREDITS.answer <= maxCredits;
}

/** The warning a run stopped early carries. */
export function stopWarning(reason: StopReason, budget: AgentBudget, maxCredits: number): string {
  const limit = {
    steps: `its step budget (${budget.maxSteps} steps)`,
    time: `its time limit (${Math.round(budget.timeLimitMs / 1000)} s)`,
    credits: `maxCredits (${maxCredits} credits)`,
    pages: `its page budget (${budget.maxPages} pages)`,
  }[reason];
  return `The agent stopped at ${limit}; the answer is made from what it read until then.`;
}
