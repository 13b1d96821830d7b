import type { z } from 'zod';
import { TrawlError } from './errors.js';
import { clip } from './limits.js';

/** INVALID_OPTIONS listing every problem zod found, each message cut short (they may quote input). */
export function invalidOptions(what: string, error: z.ZodError): TrawlError {
  const details = error.issues.map((i) => `${clip(i.path.map(String).join('.'), 60) || 'options'}: ${clip(i.message, 200)}`).join('; ');
  return new TrawlError('INVALID_OPTIONS', `Invalid ${what} options: ${details}`);
}
