import type { z } from 'zod';
import { badRequest } from '../transport/api-error.js';
import { describeIssue, zodDetails } from '../transport/zod-details.js';

/**
 * Validates a v2 body. A failure is a 400 whose `error` names the first problem (the 4.x SDK shows
 * only `error`), with every problem in `details`.
 */
export function parseV2Body<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details = zodDetails(parsed.error, 'v2');
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  throw badRequest(details, `Bad Request: ${describeIssue(details[0]!)}${more}`);
}
