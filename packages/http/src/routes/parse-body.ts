import type { z } from 'zod';
import { badRequest } from '../transport/api-error.js';
import { zodDetails } from '../transport/zod-details.js';

/** Validates a body; a failure is a 400 whose `details` list every problem. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, message?: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(zodDetails(parsed.error), message);
  return parsed.data;
}
