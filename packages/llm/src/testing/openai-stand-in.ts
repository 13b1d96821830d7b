/**
 * A loopback stand-in for an OpenAI-compatible server (vLLM, llama.cpp, Ollama, LM Studio): it
 * speaks chat completions with `response_format` (json_schema, json_object) and forced tool
 * calls, answers from the prompt it receives, and records every request, so tests can prove
 * what reached the model. Not a model: a responder function decides each answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonSchema } from '@trawl/core/ports';
import { readFromPrompt } from './read-from-prompt.js';

export interface StandInRequest {
  /** The request body as sent. */
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  model: string;
  /** Every system message, joined. */
  system: string;
  /** Every user message's text, joined: the page, and any correction after a bad answer. */
  userText: string;
  /** The text of the first user message: the task and the page, before any correction. */
  firstUserText: string;
  /** The text of the last user message. */
  lastUserText: string;
  /** How the answer must come: as a JSON response format, a forced tool call, or free text. */
  responseFormat: 'json_schema' | 'json_object' | 'tool' | 'text';
  /** The schema the request carries (response format, or the forced tool's parameters). */
  schema?: JsonSchema;
  /** The tools offered, by name (a call must be one of them; see `toolCall`). */
  tools: string[];
  /** `image_url` parts (data: URLs). */
  images: string[];
  /** Assistant answers already in the conversation: 1 on the retry after a bad answer. */
  retries: number;
  /** The `usage` the stand-in answered with (estimated from the text); absent for a refused or failed request. */
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

/** What a responder returns: a value sent as JSON, or one of the replies below. */
export type StandInAnswer = unknown;

export interface StandInOptions {
  /** Decides each answer (default: `readFromPrompt`, which reads the fields from the page text). */
  respond?: (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>;
  /** Requests estimated above this many tokens are refused as a real server's context limit would. */
  contextTokens?: number;
}

export interface OpenAiStandIn {
  /** The API root to configure, `/v1` included (e.g. as OPENAI_BASE_URL). */
  url: string;
  /** Every chat-completions request, in order. */
  readonly requests: StandInRequest[];
  close(): Promise<void>;
}

const RAW = Symbol('raw reply');
const FAILURE = Symbol('failure reply');
const TOOL_CALL = Symbol('tool call reply');

/** A reply sent verbatim as the message content (e.g. text that is not JSON). */
export function rawReply(text: string): StandInAnswer {
  return { [RAW]: text };
}

/**
 * A call of the tool `name` with `args`, sent as the message's `tool_calls` (for a request that
 * offers several tools with `tool_choice: "required"`, as the agent's planning steps do).
 */
export function toolCall(name: string, args: Record<string, unknown>): StandInAnswer {
  return { [TOOL_CALL]: { name, args } };
}

/** An HTTP error answer, as a server that fails would send it. */
export function failureReply(status: number, message: string): StandInAnswer {
  return { [FAILURE]: { status, message } };
}

export function estimateStandInTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export async function startOpenAiStandIn(options: StandInOptions = {}): Promise<OpenAiStandIn> {
  const respond = options.respond ?? readFromPrompt;
  const requests: StandInRequest[] = [];
  let counter = 0;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, 500, { error: { message: String(error), type: 'server_error' } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models')
      return sendJson(res, 200, { object: 'list', data: [{ id: 'stand-in', object: 'model' }] });
    if (req.method !== 'POST' || path !== '/v1/chat/completions')
      return sendJson(res, 404, { error: { message: `No route ${req.method} ${path}`, type: 'invalid_request_error' } });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { error: { message: 'The body is not JSON', type: 'invalid_request_error' } });
    }
    if (body.stream === true)
      return sendJson(res, 400, { error: { message: 'The stand-in does not stream', type: 'invalid_request_error' } });
    const request = describe(body, req.headers);
    requests.push(request);
    const promptTokens = estimateStandInTokens(JSON.stringify(body.messages ?? []));
    if (options.contextTokens && promptTokens > options.contextTokens) {
      return sendJson(res, 400, {
        error: {
          message: `This model's maximum context length is ${options.contextTokens} tokens. However, you requested ${promptTokens} tokens.`,
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
        },
      });
    }
    const answer = await respond(request);
    if (isTagged(answer, FAILURE)) {
      const { status, message } = answer[FAILURE] as { status: number; message: string };
      return sendJson(res, status, { error: { message, type: 'server_error' } });
    }
    const called = isTagged(answer, TOOL_CALL) ? (answer[TOOL_CALL] as { name: string; args: Record<string, unknown> }) : undefined;
    const content = isTagged(answer, RAW) ? String(answer[RAW]) : JSON.stringify(called ? called.args : answer);
    const completionTokens = estimateStandInTokens(content);
    const id = ++counter;
    const toolName = called?.name ?? forcedToolName(body);
    const message =
      request.responseFormat === 'tool' && toolName
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: `call_${id}`, type: 'function', function: { name: toolName, arguments: content } }],
          }
        : { role: 'assistant', content };
    request.usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
    sendJson(res, 200, {
      id: `chatcmpl-${id}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [{ index: 0, message, finish_reason: request.responseFormat === 'tool' ? 'tool_calls' : 'stop' }],
      usage: request.usage,
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface ChatMessage {
  role: string;
  content: unknown;
}

function describe(body: Record<string, unknown>, headers: IncomingMessage['headers']): StandInRequest {
  const messages = Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : [];
  const textOf = (m: ChatMessage) =>
    typeof m.content === 'string'
      ? m.content
      : Array.isArray(m.content)
        ? (m.content as Array<{ type?: string; text?: string }>)
            .filter((p) => p.type === 'text')
            .map((p) => p.text ?? '')
            .join('\n')
        : '';
  const users = messages.filter((m) => m.role === 'user');
  const images = users.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as Array<{ type?: string; image_url?: { url?: string } }>)
          .filter((p) => p.type === 'image_url')
          .map((p) => p.image_url?.url ?? '')
      : [],
  );
  const format = body.response_format as { type?: string; json_schema?: { schema?: JsonSchema } } | undefined;
  const toolName = forcedToolName(body);
  const tool = toolName
    ? (body.tools as Array<{ function?: { name?: string; parameters?: JsonSchema } }>).find((t) => t.function?.name === toolName)
    : undefined;
  const offered = Array.isArray(body.tools)
    ? (body.tools as Array<{ function?: { name?: string } }>).map((t) => t.function?.name ?? '')
    : [];
  const responseFormat =
    toolName || (body.tool_choice === 'required' && offered.length)
      ? 'tool'
      : format?.type === 'json_schema'
        ? 'json_schema'
        : format?.type === 'json_object'
          ? 'json_object'
          : 'text';
  const schema = tool?.function?.parameters ?? format?.json_schema?.schema;
  return {
    body,
    headers,
    model: String(body.model ?? ''),
    system: messages
      .filter((m) => m.role === 'system')
      .map(textOf)
      .join('\n'),
    userText: users.map(textOf).join('\n'),
    firstUserText: users.length ? textOf(users[0]!) : '',
    lastUserText: users.length ? textOf(users[users.length - 1]!) : '',
    responseFormat,
    ...(schema ? { schema } : {}),
    tools: offered,
    images,
    retries: messages.filter((m) => m.role === 'assistant').length,
  };
}

/** The tool the request forces (`tool_choice: {type: "function", function: {name}}`), or the only one offered with `required`. */
function forcedToolName(body: Record<string, unknown>): string | undefined {
  const choice = body.tool_choice as { function?: { name?: string } } | string | undefined;
  if (typeof choice === 'object' && choice?.function?.name) return choice.function.name;
  const tools = body.tools as Array<{ function?: { name?: string } }> | undefined;
  if (choice === 'required' && tools?.length === 1) return tools[0]!.function?.name;
  return undefined;
}

function isTagged(value: unknown, tag: symbol): value is Record<symbol, unknown> {
  return typeof value === 'object' && value !== null && tag in value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
