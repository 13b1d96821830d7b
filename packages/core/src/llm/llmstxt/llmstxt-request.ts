import { z } from 'zod';
import { TrawlError } from '../../errors.js';
import { typedTargetUrl } from '../../url/typed-url.js';

export const LLMSTXT_DEFAULT_MAX_URLS = 10;
export const LLMSTXT_MAX_URLS = 5000;

/** The body of `POST /v1/llmstxt` (E8) as core runs it. */
export const llmsTxtRequestSchema = z.object({
  url: z.string(),
  /** Pages processed at most; each costs one credit. */
  maxUrls: z.number().int().min(1).max(LLMSTXT_MAX_URLS).default(LLMSTXT_DEFAULT_MAX_URLS),
  /** Also produce llms-full.txt: every page's Markdown. */
  showFullText: z.boolean().default(false),
});

export type LlmsTxtRequestInput = z.input<typeof llmsTxtRequestSchema>;
export type LlmsTxtRequest = z.output<typeof llmsTxtRequestSchema>;

export function resolveLlmsTxtRequest(input: LlmsTxtRequestInput): LlmsTxtRequest {
  const parsed = llmsTxtRequestSchema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ');
    throw new TrawlError('INVALID_OPTIONS', `Invalid llms.txt request: ${details}`);
  }
  return { ...parsed.data, url: typedTargetUrl(parsed.data.url) };
}
