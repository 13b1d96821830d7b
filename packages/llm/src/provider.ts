import type { ModelMessage, UserContent } from 'ai';
import {
  addUsage,
  NO_USAGE,
  withLlmUsage,
  type JsonSchema,
  type LlmAnswer,
  type LlmProvider,
  type LlmRequest,
  type LlmToolCall,
  type LlmToolRequest,
  type LlmUsage,
} from '@trawl/core/ports';
import { TrawlError } from '@trawl/core';
import { askModel, type ModelReply } from './ask-model.js';
import { askForTool, type ToolReply } from './ask-tool.js';
import { DEFAULT_CONTEXT_TOKENS, type LlmConfig } from './config.js';
import { correctionFor, instructionsFor, parseJsonReply } from './instructions.js';
import { languageModelOf } from './language-model.js';
import { SchemaValidator } from './schema-validator.js';

export interface TrawlLlmProvider extends LlmProvider {
  readonly config: Readonly<LlmConfig>;
  /** Tokens used by every request of this provider so far. */
  readonly usage: LlmUsage;
}

const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * Core's LlmProvider on the Vercel AI SDK. Each request asks for JSON in the configured
 * structured-output mode, validates the answer against the schema, and asks once more with the
 * validation errors when it does not fit.
 */
export function createLlmProvider(config: LlmConfig): TrawlLlmProvider {
  const { model, optionsKey } = languageModelOf(config);
  const validator = new SchemaValidator();
  const name = `${config.provider}:${config.model}`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let total = NO_USAGE;

  /** Runs one request to the model with the provider's timeout, its failures worded as LLM_ERROR. */
  async function guarded<T>(callerSignal: AbortSignal | undefined, request: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(callerSignal ? [callerSignal] : [])]);
    try {
      return await request(signal);
    } catch (error) {
      if (callerSignal?.aborted) throw error;
      if (signal.aborted) throw llmError(`${name} did not answer within ${timeoutMs} ms`, error);
      throw llmError(
        `${name}${config.baseUrl ? ` at ${config.baseUrl}` : ''} failed: ${error instanceof Error ? error.message : String(error)}`,
        error,
      );
    }
  }

  async function ask(request: LlmRequest, messages: ModelMessage[]): Promise<ModelReply> {
    return guarded(request.signal, (signal) =>
      askModel({
        model,
        optionsKey,
        mode: config.structuredOutput ?? 'json_schema',
        system: instructionsFor(request.system, request.schema),
        messages,
        ...(request.schema ? { schema: request.schema } : {}),
        temperature: config.temperature ?? 0,
        maxRetries: config.maxRetries ?? 2,
        strictJsonSchema: config.strictJsonSchema ?? false,
        signal,
      }),
    );
  }

  return {
    model: name,
    contextTokens: config.contextTokens ?? DEFAULT_CONTEXT_TOKENS[config.provider],
    config,
    get usage() {
      return total;
    },
    async generateObject(request: LlmRequest): Promise<LlmAnswer> {
      const messages: ModelMessage[] = [{ role: 'user', content: userContent(request) }];
      let usage = NO_USAGE;
      let problems: string[] = [];
      for (let attempt = 0; attempt < 2; attempt++) {
        let reply: ModelReply;
        try {
          reply = await ask(request, messages);
        } catch (error) {
          // The first answer's tokens were used even though the request failed: metering counts them.
          throw usage.totalTokens > 0 ? withLlmUsage(error, usage) : error;
        }
        usage = addUsage(usage, reply.usage);
        total = addUsage(total, reply.usage);
        const value = reply.value !== undefined && typeof reply.value === 'object' ? reply.value : parseJsonReply(reply.text);
        problems = judge(value, request.schema, validator);
        if (!problems.length) return { object: value as Record<string, unknown>, usage };
        messages.push(
          { role: 'assistant', content: reply.text.trim() || '(no answer)' },
          { role: 'user', content: correctionFor(problems) },
        );
      }
      throw withLlmUsage(llmError(`${name} answered twice with JSON that does not fit the schema: ${problems.join('; ')}`), usage);
    },
    async chooseTool(request: LlmToolRequest): Promise<LlmToolCall> {
      if (!request.tools.length) throw new TrawlError('INVALID_OPTIONS', 'chooseTool needs at least one tool');
      const messages: ModelMessage[] = [{ role: 'user', content: request.prompt }];
      let usage = NO_USAGE;
      let problems: string[] = [];
      // As generateObject: a call that is missing or does not fit its tool is asked for again once, with what was wrong.
      for (let attempt = 0; attempt < 2; attempt++) {
        let reply: ToolReply;
        try {
          reply = await guarded(request.signal, (signal) =>
            askForTool({
              model,
              ...(request.system ? { system: request.system } : {}),
              messages,
              tools: request.tools,
              temperature: config.temperature ?? 0,
              maxRetries: config.maxRetries ?? 2,
              signal,
            }),
          );
        } catch (error) {
          throw usage.totalTokens > 0 ? withLlmUsage(error, usage) : error;
        }
        usage = addUsage(usage, reply.usage);
        total = addUsage(total, reply.usage);
        const chosen = request.tools.find((t) => t.name === reply.name);
        problems = !chosen
          ? [`call one of the tools ${request.tools.map((t) => t.name).join(', ')}${reply.name ? `, not "${reply.name}"` : ''}`]
          : judge(reply.input, chosen.parameters, validator);
        if (chosen && !problems.length) return { name: chosen.name, input: reply.input as Record<string, unknown>, usage };
        messages.push(
          { role: 'assistant', content: reply.text.trim() || '(no tool call)' },
          {
            role: 'user',
            content: `Your tool call was not valid:\n${problems.map((p) => `- ${p}`).join('\n')}\nCall a tool again, correctly.`,
          },
        );
      }
      throw withLlmUsage(llmError(`${name} called no valid tool twice: ${problems.join('; ')}`), usage);
    },
  };
}

function judge(value: unknown, schema: JsonSchema | undefined, validator: SchemaValidator): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['the answer is not a JSON object'];
  return schema ? validator.check(schema, value) : [];
}

function userContent(request: LlmRequest): UserContent {
  if (!request.images?.length) return request.prompt;
  return [
    { type: 'text', text: request.prompt },
    ...request.images.map((image) => ({ type: 'image' as const, image: image.data, mediaType: image.mediaType })),
  ];
}

function llmError(message: string, cause?: unknown): TrawlError {
  return new TrawlError('LLM_ERROR', message, cause === undefined ? {} : { cause });
}
