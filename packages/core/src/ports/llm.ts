/**
 * The LlmProvider port: a model that answers with a JSON object. Core decides what to ask (the
 * json format, extract jobs, llms.txt, image alt text), splits long pages to fit `contextTokens`
 * and merges the partial answers; the adapter (@trawl/llm, or a user's own) talks to the model,
 * makes sure the model is told the schema, and validates what comes back.
 */

/** A JSON Schema (draft-07 style), as API clients send it in `jsonOptions.schema`. */
export type JsonSchema = Record<string, unknown>;

/** An image the model should look at; bytes, so no adapter ever fetches a URL on its own. */
export interface LlmImage {
  data: Uint8Array;
  /** `image/png`, `image/jpeg`… */
  mediaType: string;
}

export interface LlmRequest {
  /** Instructions that frame the task. */
  system?: string;
  /** The task and its material (page text). */
  prompt: string;
  /** The shape of the answer. Absent: any JSON object. */
  schema?: JsonSchema;
  /** For vision tasks (image alt text); adapters whose model cannot see reject the request. */
  images?: LlmImage[];
  signal?: AbortSignal;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface LlmAnswer {
  /** A JSON object valid against the request's schema. */
  object: Record<string, unknown>;
  usage: LlmUsage;
}

export interface LlmProvider {
  /** Which model answers, for messages and logs (e.g. `openai-compatible:qwen2.5-7b`). */
  readonly model: string;
  /** The model's context window in tokens: core keeps every request within it. */
  readonly contextTokens: number;
  /**
   * Resolves an object that validates against `request.schema` (or any JSON object without one).
   * A model that answers badly is asked again once with the validation errors; a second bad
   * answer, or a provider failure, rejects with a TrawlError of code `LLM_ERROR`.
   */
  generateObject(request: LlmRequest): Promise<LlmAnswer>;
  /**
   * Asks the model to call one of `request.tools` (it must call one) and resolves that call, its
   * arguments checked against the tool's parameters (asked again once when they do not fit, as
   * `generateObject` does). The agent plans with it; a provider without it cannot run the agent.
   */
  chooseTool?(request: LlmToolRequest): Promise<LlmToolCall>;
}

/** A tool the model may call: a name, what it does, and its arguments' JSON Schema. */
export interface LlmTool {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface LlmToolRequest {
  system?: string;
  /** The task and everything done so far. */
  prompt: string;
  /** At least one; the model calls exactly one of them. */
  tools: readonly LlmTool[];
  signal?: AbortSignal;
}

export interface LlmToolCall {
  /** One of the request's tool names. */
  name: string;
  /** The arguments, valid against that tool's parameters. */
  input: Record<string, unknown>;
  usage: LlmUsage;
}

export const NO_USAGE: LlmUsage = Object.freeze({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });

export function addUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

const FAILED_REQUEST_USAGE = Symbol.for('trawl.llmUsage');

/**
 * Marks `error` with the tokens a failed request still used (the model answered, but badly), so
 * usage metering counts them; adapters call it before rethrowing. Returns `error`.
 */
export function withLlmUsage<E>(error: E, usage: LlmUsage): E {
  if (typeof error === 'object' && error !== null) Object.defineProperty(error, FAILED_REQUEST_USAGE, { value: usage, configurable: true });
  return error;
}

/** The tokens a failed request used, when its adapter said (see `withLlmUsage`). */
export function llmUsageOf(error: unknown): LlmUsage | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  return (error as { [FAILED_REQUEST_USAGE]?: LlmUsage })[FAILED_REQUEST_USAGE];
}
