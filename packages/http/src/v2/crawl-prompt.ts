/**
 * A sentence turned into crawl options by the model (`prompt` on `/v2/crawl`, and
 * `/v2/crawl/params-preview`). The answer is checked like a request body: a field the model got
 * wrong (a bad regex, a number out of range) is left out rather than trusted.
 */
import { requireLlm, userRegexProblem } from '@trawl/core/server';
import type { JsonSchema, LlmProvider, LlmUsage } from '@trawl/core/ports';
import { z } from 'zod';
import { v2CrawlRulesShape } from '../schemas/v2-crawl.js';

const SYSTEM = [
  'You turn a request for a web crawl into crawl options.',
  'includePaths and excludePaths are regular expressions (RE2 syntax, no lookaround) matched against the URL path, e.g. "^/blog/.*".',
  'Set only the options the request implies; leave the others out.',
].join(' ');

const ANSWER_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    includePaths: { type: 'array', items: { type: 'string' }, description: 'Only crawl paths matching one of these regular expressions' },
    excludePaths: { type: 'array', items: { type: 'string' }, description: 'Never crawl paths matching one of these regular expressions' },
    maxDiscoveryDepth: { type: 'integer', description: 'Link hops from the start page' },
    limit: { type: 'integer', description: 'Pages to crawl at most' },
    sitemap: { type: 'string', enum: ['skip', 'include', 'only'] },
    crawlEntireDomain: { type: 'boolean', description: 'Also crawl pages outside the start URL path' },
    allowExternalLinks: { type: 'boolean' },
    allowSubdomains: { type: 'boolean' },
    ignoreQueryParameters: { type: 'boolean' },
  },
};

const answerFields = z.object(v2CrawlRulesShape).shape;
type CrawlParams = { [K in keyof typeof answerFields]?: z.output<(typeof answerFields)[K]> };

export interface PromptedParams {
  params: CrawlParams;
  usage: LlmUsage;
}

export async function crawlParamsFromPrompt(
  llm: LlmProvider | undefined,
  url: string,
  prompt: string,
  signal?: AbortSignal,
): Promise<PromptedParams> {
  const model = requireLlm(llm, 'A crawl prompt');
  const answer = await model.generateObject({
    system: SYSTEM,
    prompt: `Start URL: ${url}\nRequest: ${prompt}`,
    schema: ANSWER_SCHEMA,
    ...(signal ? { signal } : {}),
  });
  return { params: checkedParams(answer.object), usage: answer.usage };
}

/** The fields of the model's answer that pass the body's own checks. */
export function checkedParams(answer: Record<string, unknown>): CrawlParams {
  const params: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(answerFields)) {
    if (answer[key] === undefined || answer[key] === null) continue;
    const parsed = schema.safeParse(answer[key]);
    if (!parsed.success) continue;
    if (
      (key === 'includePaths' || key === 'excludePaths') &&
      (parsed.data as string[]).some((pattern) => typeof userRegexProblem(pattern) === 'string')
    )
      continue;
    params[key] = parsed.data;
  }
  return params as CrawlParams;
}
