import { z } from 'zod';
import { clientFields, targetUrlSchema, v1ScrapeOptionsSchema } from './shared.js';

/** `POST /v1/scrape`. */
export const v1ScrapeBodySchema = v1ScrapeOptionsSchema.extend({ url: targetUrlSchema, ...clientFields }).strict();
export type V1ScrapeBody = z.output<typeof v1ScrapeBodySchema>;
