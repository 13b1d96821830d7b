/** The bodies of `GET /v2/agent/{id}` and of each entry of `GET /v2/agent`, from a job record. */
import type { JobRecord } from '../../ports/store.js';
import type { LlmJobState } from '../llm-job-status.js';
import type { LlmJobSpec } from '../stored-job.js';
import type { AgentSource } from './agent-act.js';
import type { AgentAction } from './agent-prompt.js';
import type { AgentRequest } from './agent-request.js';
import type { AgentOutput } from './run-agent.js';

/** The model name shown when a request named none: Firecrawl's default, whose budget (medium) runs. */
export const AGENT_DEFAULT_MODEL = 'spark-2';

export interface AgentStatus {
  success: boolean;
  status: LlmJobState;
  /** The answer, once completed. */
  data?: Record<string, unknown>;
  error?: string;
  warning?: string;
  model: string;
  effort?: 'low' | 'medium' | 'high';
  expiresAt: string;
  creditsUsed: number;
  tokensUsed: number;
  /** What the agent did so far, oldest first. */
  actions: AgentAction[];
  /** The pages it read. */
  sources: AgentSource[];
}

export interface AgentListItem {
  id: string;
  createdAt: string;
  targetHint: string;
  origin: string;
  integration?: string;
  settings: { hidden: boolean; starred: boolean };
  status: LlmJobState;
  options: { urls?: string[]; prompt: string; schema?: unknown; model: string; effort?: 'low' | 'medium' | 'high' };
}

export function agentRequestOf(record: JobRecord): AgentRequest {
  return (record.options as LlmJobSpec<AgentRequest>).request;
}

export function agentStateOf(record: JobRecord): LlmJobState {
  return record.status === 'scraping' ? 'processing' : record.status;
}

export function toAgentStatus(record: JobRecord): AgentStatus {
  const output = record.output as AgentOutput | undefined;
  const request = agentRequestOf(record);
  const state = agentStateOf(record);
  return {
    success: state !== 'failed',
    status: state,
    ...(state === 'completed' && output?.data ? { data: output.data } : {}),
    ...(record.error ? { error: record.error.message } : state === 'cancelled' ? { error: 'The agent was cancelled' } : {}),
    ...(output?.warning ? { warning: output.warning } : {}),
    model: request.model ?? AGENT_DEFAULT_MODEL,
    ...(request.effort ? { effort: request.effort } : {}),
    expiresAt: new Date(record.expiresAt).toISOString(),
    creditsUsed: record.counters.creditsUsed,
    tokensUsed: output?.tokensUsed ?? 0,
    actions: output?.actions ?? [],
    sources: output?.sources ?? [],
  };
}

const HINT_CHARS = 100;

export function toAgentListItem(record: JobRecord): AgentListItem {
  const request = agentRequestOf(record);
  const extra = (record.options as LlmJobSpec<AgentRequest>).extra ?? {};
  return {
    id: record.id,
    createdAt: new Date(record.createdAt).toISOString(),
    targetHint: request.prompt.slice(0, HINT_CHARS),
    origin: typeof extra.origin === 'string' ? extra.origin : 'api',
    ...(typeof extra.integration === 'string' ? { integration: extra.integration } : {}),
    settings: { hidden: false, starred: false },
    status: agentStateOf(record),
    options: {
      ...(request.urls.length ? { urls: request.urls } : {}),
      prompt: request.prompt,
      ...(request.schema ? { schema: request.schema } : {}),
      model: request.model ?? AGENT_DEFAULT_MODEL,
      ...(request.effort ? { effort: request.effort } : {}),
    },
  };
}
