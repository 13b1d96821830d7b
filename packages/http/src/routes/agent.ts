/**
 * `/v2/agent` (start, status, list, cancel) and v1's `/v1/deep-research` (start, status): one
 * agent, core's, run by this process's LLM job runner with the credits reserved here.
 */
import {
  cancelJob,
  deepResearchToAgent,
  llmMissing,
  resolveAgentRequest,
  startAgentJob,
  toAgentListItem,
  toAgentStatus,
  toDeepResearchStatus,
  type Account,
  type DeepResearchShape,
} from '@trawl/core/server';
import type { AgentRequestInput } from '@trawl/core';
import type { JobRecord } from '@trawl/core/ports';
import { ApiError, notImplemented } from '../transport/api-error.js';
import { reserveUnits } from '../limits/credits.js';
import { v1DeepResearchBodySchema, v2AgentBodySchema } from '../schemas/v2-agent.js';
import { findTeamJob } from './find-job.js';
import { teamJobList } from './job-lists.js';
import { asBadRequest, startHeld } from './llm-jobs.js';
import { parseBody } from './parse-body.js';
import { unusedFieldWarnings } from '../schemas/firecrawl-unused-fields.js';
import { parseV2Body } from './parse-v2-body.js';
import { warningOf } from './warning-of.js';
import type { ApiContext, RouteHandler } from './types.js';

const INVALID_AGENT = 'Invalid agent request';

export const v2AgentStart: RouteHandler = async (request, api) => {
  const { origin, integration, webhook, threadId, mode, exchange, threatProtection, auditMetadata, overrideWhitelist, ...body } =
    parseV2Body(v2AgentBodySchema, request.body);
  void threatProtection, void auditMetadata;

  if (threadId !== undefined || exchange !== undefined || mode === 'chat') {
    throw notImplemented('Firecrawl\'s hosted agent threads (`threadId`, `exchange`, `mode: "chat"`)');
  }
  const job = await startTeamAgent(api, request.account, body, keptWithJob({ webhook, origin, integration }));
  return { body: { success: true, id: job.id, ...warningOf(unusedFieldWarnings({ overrideWhitelist })) } };
};

export const v2AgentStatus: RouteHandler = async (request, api) => ({
  body: toAgentStatus(await teamAgent(api, request.params.id!, request.teamId)),
});

export const v2AgentCancel: RouteHandler = async (request, api) => {
  const job = await teamAgent(api, request.params.id!, request.teamId);
  await cancelJob(api.runtime.store, job.id, { retentionMs: api.runtime.retentionMs });
  // Run here, it stops now; run by another process, that one sees the cancel in the store within a second.
  // Either way the run settles its credits and sends `agent.cancelled`.
  api.llmJobs.cancelled(job.id);
  return { body: { success: true } };
};

/** `GET /v2/agent?before=`: the team's agent runs, newest first, 50 a page. */
export const v2AgentList = teamJobList('agent', 'agents', '/v2/agent', toAgentListItem);

export const v1DeepResearchStart: RouteHandler = async (request, api) => {
  const { origin, integration, webhook, ...body } = parseBody(v1DeepResearchBodySchema, request.body, INVALID_AGENT);
  const shape: DeepResearchShape = { maxDepth: body.maxDepth };
  const job = await startTeamAgent(api, request.account, deepResearchToAgent(body), {
    deepResearch: shape,
    ...keptWithJob({ webhook, origin, integration }),
  });
  return { body: { success: true, id: job.id } };
};

export const v1DeepResearchStatus: RouteHandler = async (request, api) => ({
  body: toDeepResearchStatus(await teamAgent(api, request.params.id!, request.teamId)),
});

/**
 * Starts an agent for a team: checked, `maxCredits` reserved (shrunk to what the team can pay, as
 * Firecrawl does), then run by this process; the job pays what it spent and the rest goes back.
 */
async function startTeamAgent(
  api: ApiContext,
  account: Account,
  input: AgentRequestInput,
  extra: Record<string, unknown>,
): Promise<JobRecord> {
  if (!api.runtime.llm) throw llmMissing('The agent');
  const resolved = await asBadRequest(INVALID_AGENT, async () => resolveAgentRequest(input));
  const { hold, units: maxCredits } = await reserveUnits(api.runtime.store, account, { unitCost: 1, units: resolved.maxCredits });
  return startHeld(api, hold, () =>
    asBadRequest(INVALID_AGENT, () =>
      startAgentJob(api.runtime.store, { ...input, maxCredits }, { teamId: account.teamId, retentionMs: api.runtime.retentionMs, extra }),
    ),
  );
}

/** What the job keeps of the request besides core's input: where its webhooks go, and who started it (the list shows `origin`). */
function keptWithJob(fields: {
  webhook: unknown;
  origin: string | undefined;
  integration: string | null | undefined;
}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

function teamAgent(api: ApiContext, id: string, teamId: string): Promise<JobRecord> {
  return findTeamJob(api.runtime.store, id, teamId, ['agent'], new ApiError(404, 'Agent job not found', { kind: 'spec' }));
}
