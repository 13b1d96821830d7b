import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { llmUsageOf, type LlmTool } from '@trawl/core/ports';
import { createLlmProvider, type LlmConfig } from '@trawl/llm';
import {
  failureReply,
  pageTextOf,
  rawReply,
  readFromPrompt,
  startOpenAiStandIn,
  toolCall,
  type OpenAiStandIn,
  type StandInRequest,
} from '@trawl/llm/testing';

const PRICE_SCHEMA = { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } }, required: ['name', 'price'] };
const PAGE = '# Brass ship lantern\n\nHand-polished, made in Falmouth.\n\nPrice: $19.99\n';

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
let respond: (request: StandInRequest) => unknown = readFromPrompt;

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ respond: (request) => respond(request) });
});
afterAll(() => standIn.close());
afterEach(() => {
  standIn.requests.length = 0;
  respond = readFromPrompt;
});

function provider(overrides: Partial<LlmConfig> = {}) {
  return createLlmProvider({
    provider: 'openai-compatible',
    model: 'stand-in-7b',
    baseUrl: standIn.url,
    apiKey: 'sk-local',
    maxRetries: 0,
    ...overrides,
  });
}

describe('the OpenAI-compatible adapter', () => {
  it('sends the page and the schema as chat completions with a json_schema response format, and reads the answer', async () => {
    const llm = provider();
    const answer = await llm.generateObject({
      system: 'Read product pages.',
      prompt: `Find the price.\n<content>\n${PAGE}</content>`,
      schema: PRICE_SCHEMA,
    });

    expect(answer.object).toEqual({ name: 'Brass ship lantern', price: 19.99 });
    const [request] = standIn.requests;
    expect(request!.firstUserText).toContain('Price: $19.99');
    expect(request!.model).toBe('stand-in-7b');
    expect(request!.headers.authorization).toBe('Bearer sk-local');
    const format = request!.body.response_format as { type: string; json_schema: { schema: unknown; strict: boolean } };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.schema).toEqual(PRICE_SCHEMA);
    expect(format.json_schema.strict).toBe(false);
    // The model is told the schema in words too, for servers that take the response format and ignore it.
    expect(request!.system).toContain('Read product pages.');
    expect(request!.system).toContain(JSON.stringify(PRICE_SCHEMA));
  });

  it('reports token usage per answer and in total', async () => {
    const llm = provider();
    const first = await llm.generateObject({ prompt: PAGE, schema: PRICE_SCHEMA });
    const second = await llm.generateObject({ prompt: PAGE, schema: PRICE_SCHEMA });
    expect(first.usage.inputTokens).toBeGreaterThan(10);
    expect(first.usage.outputTokens).toBeGreaterThan(3);
    expect(first.usage.totalTokens).toBe(first.usage.inputTokens + first.usage.outputTokens);
    expect(llm.usage.totalTokens).toBe(first.usage.totalTokens + second.usage.totalTokens);
  });

  it('asks again once with the validation errors when the answer does not fit the schema', async () => {
    respond = (request) => (request.retries === 0 ? { name: 'Brass ship lantern', price: 'cheap' } : readFromPrompt(request));
    const answer = await provider().generateObject({ prompt: PAGE, schema: PRICE_SCHEMA });

    expect(answer.object).toEqual({ name: 'Brass ship lantern', price: 19.99 });
    expect(standIn.requests).toHaveLength(2);
    const retry = standIn.requests[1]!;
    expect(retry.lastUserText).toContain('/price must be number');
    const assistant = (retry.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'assistant');
    expect(assistant?.content).toContain('"cheap"');
    expect(answer.usage.totalTokens).toBeGreaterThan(0);
  });

  it('asks again when the answer is not JSON at all, and accepts JSON wrapped in a code fence', async () => {
    respond = (request) =>
      request.retries === 0 ? rawReply('Sorry, I only speak prose.') : rawReply('```json\n{"name": "Lantern", "price": 5}\n```');
    const answer = await provider().generateObject({ prompt: PAGE, schema: PRICE_SCHEMA });
    expect(answer.object).toEqual({ name: 'Lantern', price: 5 });
    expect(standIn.requests[1]!.lastUserText).toContain('not a JSON object');
  });

  it('fails with LLM_ERROR after a second bad answer, naming the problem', async () => {
    respond = () => ({ name: 'Lantern' });
    await expect(provider().generateObject({ prompt: PAGE, schema: PRICE_SCHEMA })).rejects.toMatchObject({
      code: 'LLM_ERROR',
      message: expect.stringMatching(/answered twice.*must have required property 'price'/),
    });
    expect(standIn.requests).toHaveLength(2);
  });

  it("says what a failed request's answers used, so metering counts them; a provider that never answered used nothing", async () => {
    respond = () => ({ name: 'Lantern' });
    const error = await provider()
      .generateObject({ prompt: PAGE, schema: PRICE_SCHEMA })
      .catch((e: unknown) => e);
    const reported = standIn.requests.reduce((sum, request) => sum + request.usage!.total_tokens, 0);
    expect(llmUsageOf(error)).toMatchObject({ totalTokens: reported });
    expect(reported).toBeGreaterThan(0);
    respond = () => failureReply(500, 'the model fell over');
    expect(
      llmUsageOf(
        await provider({ maxRetries: 0 })
          .generateObject({ prompt: PAGE })
          .catch((e: unknown) => e),
      ),
    ).toBeUndefined();
  });

  it('asks for a free-form JSON object when there is no schema', async () => {
    const answer = await provider().generateObject({ prompt: `Summarise.\n<content>\n${PAGE}</content>` });
    expect(answer.object).toMatchObject({ title: 'Brass ship lantern', price: '$19.99' });
    const request = standIn.requests[0]!;
    expect((request.body.response_format as { type: string }).type).toBe('json_object');
    expect(request.system).toContain('Answer with one JSON object');
  });

  it('can ask through a forced tool call instead of a response format', async () => {
    const answer = await provider({ structuredOutput: 'tool' }).generateObject({ prompt: PAGE, schema: PRICE_SCHEMA });
    expect(answer.object).toEqual({ name: 'Brass ship lantern', price: 19.99 });
    const request = standIn.requests[0]!;
    expect(request.responseFormat).toBe('tool');
    expect(request.body.response_format).toBeUndefined();
    expect(request.schema).toEqual(PRICE_SCHEMA);
  });

  it('retries a bad tool-call answer too', async () => {
    respond = (request) => (request.retries === 0 ? { name: 7, price: 1 } : readFromPrompt(request));
    const answer = await provider({ structuredOutput: 'tool' }).generateObject({ prompt: PAGE, schema: PRICE_SCHEMA });
    expect(answer.object).toEqual({ name: 'Brass ship lantern', price: 19.99 });
    expect(standIn.requests[1]!.lastUserText).toContain('/name must be string');
  });

  it('retries tool-call arguments that are not JSON', async () => {
    respond = (request) => (request.retries === 0 ? rawReply('{"name": "Brass ship lan') : readFromPrompt(request));
    const answer = await provider({ structuredOutput: 'tool' }).generateObject({ prompt: PAGE, schema: PRICE_SCHEMA });
    expect(answer.object).toEqual({ name: 'Brass ship lantern', price: 19.99 });
    expect(standIn.requests).toHaveLength(2);
  });

  it('speaks the same wire format through the OpenAI provider with a base URL', async () => {
    const llm = createLlmProvider({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: standIn.url, apiKey: 'sk-openai', maxRetries: 0 });
    const answer = await llm.generateObject({ prompt: PAGE, schema: PRICE_SCHEMA });
    expect(answer.object).toEqual({ name: 'Brass ship lantern', price: 19.99 });
    expect((standIn.requests[0]!.body.response_format as { type: string }).type).toBe('json_schema');
  });

  it('sends images as data URLs for vision requests', async () => {
    respond = (request) => ({ altText: `an image of ${request.images.length}` });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const answer = await provider().generateObject({
      prompt: 'Describe.',
      images: [{ data: png, mediaType: 'image/png' }],
      schema: { type: 'object', properties: { altText: { type: 'string' } } },
    });
    expect(answer.object).toEqual({ altText: 'an image of 1' });
    expect(standIn.requests[0]!.images[0]).toBe(`data:image/png;base64,${Buffer.from(png).toString('base64')}`);
  });

  it('turns a server failure into LLM_ERROR naming the model and the server', async () => {
    respond = () => failureReply(500, 'the GPU caught fire');
    await expect(provider().generateObject({ prompt: PAGE, schema: PRICE_SCHEMA })).rejects.toMatchObject({
      code: 'LLM_ERROR',
      message: expect.stringMatching(/openai-compatible:stand-in-7b at http:\/\/127\.0\.0\.1:\d+\/v1 failed: .*GPU caught fire/),
    });
  });

  it('refuses a schema that is not a JSON Schema', async () => {
    await expect(
      provider().generateObject({ prompt: PAGE, schema: { type: 'object', properties: { price: { type: 'money' } } } }),
    ).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
  });

  it('reads the page out of the prompt: the stand-in answers only what the page says', () => {
    expect(pageTextOf('task\n<content>\npage\n</content>')).toBe('page');
    expect(readFromPrompt({ firstUserText: 'Nothing here.', schema: PRICE_SCHEMA })).toEqual({ name: null, price: null });
  });
});

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
