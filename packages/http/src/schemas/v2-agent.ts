import { agentRequestSchema, deepResearchRequestSchema } from '@trawl/core/server';
import { z } from 'zod';
import { agentWebhookSpecSchema } from '../webhooks/index.js';
import { unusedFields } from './firecrawl-unused-fields.js';
import { clientFields } from './shared.js';

/**
 * `POST /v2/agent`, as the 4.x SDK's `startAgent` sends it. Firecrawl's hosted threads (`threadId`,
 * `exchange`, `mode: "chat"`) are accepted here so the handler can answer 501 naming them;
 * `threatProtection` and `auditMetadata` are accepted and ignored.
 */
export const v2AgentBodySchema = z.strictObject({
  prompt: agentRequestSchema.shape.prompt,
  urls: agentRequestSchema.shape.urls.optional(),
  schema: agentRequestSchema.shape.schema,
  maxCredits: agentRequestSchema.shape.maxCredits.optional(),
  strictConstrainToURLs: z.boolean().optional(),
  model: agentRequestSchema.shape.model,
  effort: agentRequestSchema.shape.effort,
  webhook: agentWebhookSpecSchema.nullish(),
  threadId: z.string().max(100).optional(),
  mode: z.enum(['extract', 'chat']).optional(),
  exchange: z.looseObject({}).optional(),
  threatProtection: z.looseObject({}).optional(),
  auditMetadata: z.looseObject({}).optional(),
  ...clientFields,
  ...unusedFields('overrideWhitelist'),
});

/** `GET /v2/agent?before=<epoch ms>`. */
export const v2AgentListQuerySchema = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  /** With `before`: the id of the last job of the page before (the `next` URL carries both). */
  beforeId: z.string().min(1).max(200).optional(),
});

/** `POST /v1/deep-research`, as the 1.x SDK's `asyncDeepResearch` sends it. */
export const v1DeepResearchBodySchema = z.strictObject({
  ...deepResearchRequestSchema.shape,
  webhook: agentWebhookSpecSchema.nullish(),
  ...clientFields,
});
