import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { llmUsageOf, type LlmTool } from '@trawl/core';
import { createLlmProvider } from '@trawl/llm';
import { startOpenAiStandIn, toolCall, type OpenAiStandIn, type StandInRequest } from '@trawl/llm/testing';

const TOOLS: LlmTool[] = [
  {
    name: 'search',
    description: 'Search the web.',
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'], additionalProperties: false },
  },
  {
    name: 'scrape',
    description: 'Read one page.',
    parameters: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'], additionalProperties: false },
  },
];

let standIn: OpenAiStandIn;
let respond: (request: StandInRequest) => unknown = () => toolCall('search', { query: 'brass lanterns' });

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ respond: (request) => respond(request) });
});
afterAll(() => standIn.close());
afterEach(() => {
  standIn.requests.length = 0;
});

function provider() {
  return createLlmProvider({
    provider: 'openai-compatible',
    model: 'stand-in-7b',
    baseUrl: standIn.url,
    apiKey: 'sk-local',
    maxRetries: 0,
  });
}

describe('chooseTool over chat completions', () => {
  it('offers every tool with tool_choice "required" and reads the call the model makes', async () => {
    respond = () => toolCall('scrape', { url: 'https://example.com/lamps' });
    const call = await provider().chooseTool!({ system: 'Plan.', prompt: 'Find lamp prices.', tools: TOOLS });

    expect(call.name).toBe('scrape');
    expect(call.input).toEqual({ url: 'https://example.com/lamps' });
    expect(call.usage.totalTokens).toBeGreaterThan(0);
    const [request] = standIn.requests;
    expect(request!.body.tool_choice).toBe('required');
    expect(request!.tools).toEqual(['search', 'scrape']);
    expect(request!.system).toContain('Plan.');
    expect(request!.userText).toContain('Find lamp prices.');
  });

  it('asks once more, saying what was wrong, when the arguments do not fit the tool', async () => {
    respond = (request) => (request.retries === 0 ? toolCall('search', { q: 'wrong key' }) : toolCall('search', { query: 'right' }));
    const call = await provider().chooseTool!({ prompt: 'Find it.', tools: TOOLS });

    expect(call.input).toEqual({ query: 'right' });
    expect(standIn.requests).toHaveLength(2);
    expect(standIn.requests[1]!.lastUserText).toContain('not valid');
    expect(standIn.requests[1]!.lastUserText).toContain('query');
  });

  it('fails with LLM_ERROR, counting the tokens used, when the model twice calls a tool it was not offered', async () => {
    respond = () => toolCall('delete_everything', {});
    const error = await provider().chooseTool!({ prompt: 'Find it.', tools: TOOLS }).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'LLM_ERROR' });
    expect(String((error as Error).message)).toContain('called no valid tool twice');
    expect(llmUsageOf(error)!.totalTokens).toBeGreaterThan(0);
  });
});
