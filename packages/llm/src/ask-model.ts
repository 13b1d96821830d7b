import {
  generateText,
  jsonSchema,
  NoObjectGeneratedError,
  Output,
  tool,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
} from 'ai';
import type { JsonSchema, LlmUsage } from '@trawl/core/ports';
import type { StructuredOutputMode } from './config.js';

export interface ModelQuestion {
  model: LanguageModel;
  /** Key of the provider options (`openai`, `openaiCompatible`, `anthropic`). */
  optionsKey: string;
  mode: StructuredOutputMode;
  system: string;
  messages: ModelMessage[];
  /** Absent: any JSON object. */
  schema?: JsonSchema;
  temperature: number;
  maxRetries: number;
  strictJsonSchema: boolean;
  signal: AbortSignal;
}

export interface ModelReply {
  /** What the model said, as text (a tool call's arguments as JSON). */
  text: string;
  /** The parsed JSON, when the text was JSON. */
  value?: unknown;
  usage: LlmUsage;
}

const ANSWER_TOOL = 'answer';
const ANY_OBJECT: JsonSchema = { type: 'object', additionalProperties: true };

/** One request. A reply that is not JSON comes back as text for the caller to judge, not as an error. */
export async function askModel(question: ModelQuestion): Promise<ModelReply> {
  return question.mode === 'tool' ? askWithTool(question) : askWithResponseFormat(question);
}

async function askWithResponseFormat(q: ModelQuestion): Promise<ModelReply> {
  try {
    const result = await generateText({
      model: q.model,
      system: q.system,
      messages: q.messages,
      // With a schema: `response_format: json_schema`; without: `json_object`.
      output: q.schema ? Output.object({ schema: jsonSchema(q.schema), name: ANSWER_TOOL }) : Output.json({ name: ANSWER_TOOL }),
      temperature: q.temperature,
      maxRetries: q.maxRetries,
      abortSignal: q.signal,
      providerOptions: { [q.optionsKey]: { strictJsonSchema: q.strictJsonSchema } },
    });
    return { text: result.text, value: result.output, usage: usageOf(result.usage) };
  } catch (error) {
    if (NoObjectGeneratedError.isInstance(error)) return { text: error.text ?? '', usage: usageOf(error.usage) };
    throw error;
  }
}

async function askWithTool(q: ModelQuestion): Promise<ModelReply> {
  const result = await generateText({
    model: q.model,
    system: q.system,
    messages: q.messages,
    tools: { [ANSWER_TOOL]: tool({ description: 'Give the answer.', inputSchema: jsonSchema(q.schema ?? ANY_OBJECT) }) },
    toolChoice: { type: 'tool', toolName: ANSWER_TOOL },
    temperature: q.temperature,
    maxRetries: q.maxRetries,
    abortSignal: q.signal,
  });
  const call = result.toolCalls[0];
  if (!call) return { text: result.text, usage: usageOf(result.usage) };
  const text = JSON.stringify(call.input);
  // Arguments that did not parse as JSON arrive as the raw string.
  return typeof call.input === 'string'
    ? { text: call.input, usage: usageOf(result.usage) }
    : { text, value: call.input, usage: usageOf(result.usage) };
}

export function usageOf(usage: LanguageModelUsage | undefined): LlmUsage {
  const inputTokens = usage?.inputTokens ?? 0;
  const outputTokens = usage?.outputTokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: usage?.totalTokens ?? inputTokens + outputTokens };
}
