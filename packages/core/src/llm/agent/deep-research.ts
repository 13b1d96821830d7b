/**
 * v1's deep research on the agent engine: its request (`POST /v1/deep-research`) read as an
 * agent run, and the agent's record read back in its status shape (`GET /v1/deep-research/{id}`).
 */
import { z } from 'zod';
import type { JsonSchema } from '../../ports/llm.js';
import type { JobRecord } from '../../ports/store.js';
import type { LlmJobSpec } from '../stored-job.js';
import type { AgentAction } from './agent-prompt.js';
import { AGENT_MAX_PAGES, AGENT_MAX_PROMPT_CHARS, AGENT_MAX_STEPS, type AgentRequest, type AgentRequestInput } from './agent-request.js';
import type { AgentSource } from './agent-act.js';
import { agentStateOf } from './agent-status.js';
import type { AgentOutput } from './run-agent.js';

export const deepResearchRequestSchema = z.object({
  query: z.string().trim().min(1).max(AGENT_MAX_PROMPT_CHARS),
  maxDepth: z.number().int().min(1).max(10).default(7),
  /** Seconds. */
  timeLimit: z.number().int().min(30).max(300).default(270),
  maxUrls: z.number().int().min(1).max(1000).default(20),
  analysisPrompt: z.string().max(AGENT_MAX_PROMPT_CHARS).optional(),
  systemPrompt: z.string().max(AGENT_MAX_PROMPT_CHARS).optional(),
  formats: z
    .array(z.enum(['markdown', 'json']))
    .min(1)
    .default(['markdown']),
  jsonOptions: z
    .object({
      prompt: z.string().max(AGENT_MAX_PROMPT_CHARS).optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      systemPrompt: z.string().max(AGENT_MAX_PROMPT_CHARS).optional(),
    })
    .optional(),
});

export type DeepResearchRequest = z.output<typeof deepResearchRequestSchema>;

/** What a deep research job keeps beside its agent request, to answer in v1's shape. */
export interface DeepResearchShape {
  maxDepth: number;
}

/** Steps per level of depth: a search and a read. */
const STEPS_PER_DEPTH = 2;

/**
 * The agent run of a deep research request: the query (with the analysis and JSON prompts) as
 * its task, maxDepth as steps, timeLimit as its time, maxUrls as its pages, and an answer shaped
 * with `finalAnalysis` (Markdown) and/or `json` as the request's formats ask.
 */
export function deepResearchToAgent(request: DeepResearchRequest): AgentRequestInput {
  const prompt = [
    request.query,
    ...(request.analysisPrompt ? [`Final analysis: ${request.analysisPrompt}`] : []),
    ...(request.jsonOptions?.prompt ? [`Structured data: ${request.jsonOptions.prompt}`] : []),
  ].join('\n\n');
  const systemPrompt = request.systemPrompt ?? request.jsonOptions?.systemPrompt;
  return {
    prompt: prompt.slice(0, AGENT_MAX_PROMPT_CHARS),
    schema: answerSchema(request),
    ...(systemPrompt ? { systemPrompt } : {}),
    maxSteps: Math.min(AGENT_MAX_STEPS, request.maxDepth * STEPS_PER_DEPTH),
    timeLimitMs: request.timeLimit * 1000,
    maxPages: Math.min(AGENT_MAX_PAGES, request.maxUrls),
  };
}

function answerSchema(request: DeepResearchRequest): JsonSchema {
  const properties: Record<string, unknown> = {};
  if (request.formats.includes('markdown')) {
    properties.finalAnalysis = { type: 'string', description: 'The research answer as a Markdown report.' };
  }
  if (request.formats.includes('json')) properties.json = request.jsonOptions?.schema ?? { type: 'object' };
  return { type: 'object', properties, required: Object.keys(properties) };
}

export interface DeepResearchActivity {
  type: string;
  status: 'complete' | 'error';
  message: string;
  timestamp: string;
  depth: number;
}

export interface DeepResearchStatus {
  success: boolean;
  status: 'processing' | 'completed' | 'failed' | 'cancelled';
  data: { finalAnalysis: string; activities: DeepResearchActivity[]; sources: AgentSource[]; json?: unknown };
  error?: string;
  warning?: string;
  expiresAt: string;
  currentDepth: number;
  maxDepth: number;
  activities: DeepResearchActivity[];
  sources: AgentSource[];
  summaries: string[];
  creditsUsed: number;
}

const ACTIVITY_TYPES: Record<string, string> = {
  search: 'search',
  map: 'search',
  scrape: 'extract',
  crawl: 'extract',
  extract: 'extract',
  finish: 'reasoning',
  answer: 'synthesis',
};

export function toDeepResearchStatus(record: JobRecord): DeepResearchStatus {
  const spec = record.options as LlmJobSpec<AgentRequest>;
  const shape = spec.extra?.deepResearch as DeepResearchShape | undefined;
  const output = record.output as AgentOutput | undefined;
  const actions = output?.actions ?? [];
  const activities = actions.map(activityOf);
  const sources = output?.sources ?? [];
  const answer = output?.data ?? {};
  const state = agentStateOf(record);
  return {
    success: state !== 'failed',
    status: state,
    data: {
      finalAnalysis: typeof answer.finalAnalysis === 'string' ? answer.finalAnalysis : '',
      activities,
      sources,
      ...('json' in answer ? { json: answer.json } : {}),
    },
    ...(record.error ? { error: record.error.message } : state === 'cancelled' ? { error: 'The research was cancelled' } : {}),
    ...(output?.warning ? { warning: output.warning } : {}),
    expiresAt: new Date(record.expiresAt).toISOString(),
    currentDepth: Math.ceil(actions.filter((a) => a.tool !== 'answer').length / STEPS_PER_DEPTH),
    maxDepth: shape?.maxDepth ?? Math.ceil(spec.request.budget.maxSteps / STEPS_PER_DEPTH),
    activities,
    sources,
    summaries: [],
    creditsUsed: record.counters.creditsUsed,
  };
}

function activityOf(action: AgentAction): DeepResearchActivity {
  return {
    type: ACTIVITY_TYPES[action.tool] ?? 'thought',
    status: action.status === 'done' ? 'complete' : 'error',
    message: `${action.tool}${Object.keys(action.input).length ? ` ${JSON.stringify(action.input)}` : ''}: ${action.message}`,
    timestamp: action.at,
    depth: Math.ceil(action.step / STEPS_PER_DEPTH),
  };
}
