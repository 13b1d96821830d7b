import { generateText, jsonSchema, tool, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import type { LlmTool, LlmUsage } from '@trawl/core/ports';
import { usageOf } from './ask-model.js';

export interface ToolQuestion {
  model: LanguageModel;
  system?: string;
  messages: ModelMessage[];
  tools: readonly LlmTool[];
  temperature: number;
  maxRetries: number;
  signal: AbortSignal;
}

export interface ToolReply {
  /** The tool called, when the model called one. */
  name?: string;
  /** Its arguments (the raw string when they did not parse as JSON). */
  input?: unknown;
  /** What the model said besides, or instead of, a call. */
  text: string;
  usage: LlmUsage;
}

/**
 * One request that must end in a call of one of `tools` (`tool_choice: "required"`). The tools
 * have no `execute`: the call comes back to the caller, which does it (core's agent loop).
 */
export async function askForTool(q: ToolQuestion): Promise<ToolReply> {
  const tools: ToolSet = Object.fromEntries(
    q.tools.map((t) => [t.name, tool({ description: t.description, inputSchema: jsonSchema(t.parameters) })]),
  );
  const result = await generateText({
    model: q.model,
    ...(q.system ? { system: q.system } : {}),
    messages: q.messages,
    tools,
    toolChoice: 'required',
    temperature: q.temperature,
    maxRetries: q.maxRetries,
    abortSignal: q.signal,
  });
  const call = result.toolCalls[0];
  return {
    ...(call ? { name: call.toolName, input: call.input } : {}),
    text: call ? JSON.stringify(call.input) : result.text,
    usage: usageOf(result.usage),
  };
}
