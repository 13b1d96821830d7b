/**
 * `/v2/browser` and `/v2/scrape/{id}/interact`, as the 4.42 SDK sends them (`browser`,
 * `browserExecute`, `interact`): `code` with a `language`, or `prompt`. Trawl also takes
 * `actions` (its own, as in a scrape), which no model and no code setting is needed for.
 */
import { MAX_ACTIONS, MAX_INTERACT_PROMPT_CHARS } from '@trawl/core/server';
import { z } from 'zod';
import { clientFields, targetUrlSchema } from './shared.js';
import { v2ActionSchema } from './v2-scrape.js';

/** Longest `code` accepted, in characters. */
export const MAX_CODE_CHARS = 100_000;
/** Bounds of a session's TTL and idle TTL, in seconds (the SDK's units). */
export const SESSION_TTL_SECONDS = { min: 30, max: 3_600, default: 600 } as const;
export const SESSION_IDLE_SECONDS = { min: 10, max: 3_600, default: 300 } as const;
/** Bounds of one execute's timeout, in seconds (the SDK's units). */
export const EXECUTE_TIMEOUT_SECONDS = { min: 1, max: 300, default: 30 } as const;

export const v2BrowserCreateSchema = z.strictObject({
  ttl: z.number().int().min(SESSION_TTL_SECONDS.min).max(SESSION_TTL_SECONDS.max).optional(),
  activityTtl: z.number().int().min(SESSION_IDLE_SECONDS.min).max(SESSION_IDLE_SECONDS.max).optional(),
  /** Firecrawl's live view: Trawl has none, so it is accepted and answered without a view URL. */
  streamWebView: z.boolean().optional(),
  profile: z
    .strictObject({
      name: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .regex(/^[\w.-]+$/, 'a profile name holds letters, digits, `_`, `.` and `-` only'),
      saveChanges: z.boolean().optional(),
    })
    .optional(),
  ...clientFields,
});

export const v2BrowserListQuerySchema = z.strictObject({ status: z.enum(['active', 'destroyed']).optional() });

/** What to run on a session's page: exactly one of `code`, `prompt` and `actions`. */
export const v2ExecuteSchema = z
  .strictObject({
    code: z.string().max(MAX_CODE_CHARS).optional(),
    language: z.enum(['node', 'python', 'bash']).optional(),
    prompt: z.string().trim().max(MAX_INTERACT_PROMPT_CHARS).optional(),
    actions: z.array(v2ActionSchema).min(1).max(MAX_ACTIONS).optional(),
    /** Trawl's: load this URL in the page first (the SSRF policy applies), then run the rest. */
    url: targetUrlSchema.optional(),
    timeout: z.number().min(EXECUTE_TIMEOUT_SECONDS.min).max(EXECUTE_TIMEOUT_SECONDS.max).optional(),
    ...clientFields,
  })
  .superRefine((body, ctx) => {
    const given = [body.code?.trim() ? 'code' : undefined, body.prompt ? 'prompt' : undefined, body.actions ? 'actions' : undefined].filter(
      Boolean,
    );
    if (given.length > 1 || (given.length === 0 && body.url === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: `send one of code, prompt and actions (or only url) (got ${given.length ? given.join(', ') : 'none'})`,
      });
    }
  });

export type ExecuteBody = z.output<typeof v2ExecuteSchema>;
