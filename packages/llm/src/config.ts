import { TrawlError } from '@trawl/core';
import { readSettings, type Env } from '@trawl/core/settings';

/** Which API the adapter speaks. Every kind is served by the Vercel AI SDK. */
export type LlmProviderKind = 'openai' | 'openai-compatible' | 'ollama' | 'anthropic';

/**
 * How answers are made to follow the schema: `json_schema` sends it as the response format
 * (chat completions `response_format: {type: "json_schema"}`), `tool` as the parameters of a
 * tool the model must call. Either way the schema is also written into the instructions.
 */
export type StructuredOutputMode = 'json_schema' | 'tool';

export interface LlmConfig {
  provider: LlmProviderKind;
  model: string;
  apiKey?: string;
  /** The API root, `/v1` included for OpenAI-style servers (e.g. `http://localhost:8000/v1`). */
  baseUrl?: string;
  /** Default `json_schema`; `tool` for servers that constrain tool calls but not response formats. */
  structuredOutput?: StructuredOutputMode;
  /** The model's context window in tokens; longer pages are read in pieces (defaults per provider). */
  contextTokens?: number;
  /** Milliseconds one model request may take (default 120 000). */
  timeoutMs?: number;
  /** Retries of a request that failed on the network or with 429/5xx (default 2). */
  maxRetries?: number;
  /** Default 0: extraction wants the likeliest reading, not variety. */
  temperature?: number;
  /**
   * Ask for OpenAI's strict schema mode. Off by default: strict mode refuses most schemas that
   * API clients send (it needs every property required and `additionalProperties: false`).
   */
  strictJsonSchema?: boolean;
  headers?: Record<string, string>;
  /** The fetch to use (proxies, tests). */
  fetch?: typeof globalThis.fetch;
}

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_ANTHROPIC_MODEL = 'claude-3-5-haiku-latest';

/** Context windows assumed when none is configured: small where servers are often run small. */
export const DEFAULT_CONTEXT_TOKENS: Record<LlmProviderKind, number> = {
  openai: 128_000,
  anthropic: 200_000,
  'openai-compatible': 8_192,
  ollama: 4_096,
};

/** Environment variables, as core's settings table reads them. */
export type LlmEnv = Env;

/** The model's settings in core's table (docs/llm.md explains them). */
const LLM_SETTINGS = [
  'ollamaBaseUrl',
  'openaiBaseUrl',
  'openaiApiKey',
  'anthropicApiKey',
  'anthropicBaseUrl',
  'llmModel',
  'llmContextTokens',
  'llmStructuredOutput',
] as const;

/**
 * The configuration the environment describes, with the names self-hosted Firecrawl uses, or
 * null when it names no provider. Order: OLLAMA_BASE_URL, then OPENAI_BASE_URL (an
 * OpenAI-compatible server), then OPENAI_API_KEY (OpenAI), then ANTHROPIC_API_KEY. MODEL_NAME
 * picks the model. Trawl's own: TRAWL_LLM_CONTEXT_TOKENS, TRAWL_LLM_STRUCTURED_OUTPUT. Each is
 * read through core's settings table, so a malformed value throws naming it.
 */
export function llmConfigFromEnv(env: LlmEnv = process.env): LlmConfig | null {
  const settings = readSettings(LLM_SETTINGS, env);
  const model = settings.llmModel;
  const tuning: Pick<LlmConfig, 'contextTokens' | 'structuredOutput'> = {
    ...(settings.llmContextTokens ? { contextTokens: settings.llmContextTokens } : {}),
    ...(settings.llmStructuredOutput ? { structuredOutput: settings.llmStructuredOutput } : {}),
  };
  if (settings.ollamaBaseUrl) {
    if (!model) throw missingModel('OLLAMA_BASE_URL', 'the Ollama model to use (e.g. llama3.1)');
    return { provider: 'ollama', model, baseUrl: ollamaApiRoot(settings.ollamaBaseUrl), ...tuning };
  }
  if (settings.openaiBaseUrl) {
    return {
      provider: 'openai-compatible',
      model: model ?? DEFAULT_OPENAI_MODEL,
      baseUrl: settings.openaiBaseUrl,
      ...(settings.openaiApiKey ? { apiKey: settings.openaiApiKey } : {}),
      ...tuning,
    };
  }
  if (settings.openaiApiKey) return { provider: 'openai', model: model ?? DEFAULT_OPENAI_MODEL, apiKey: settings.openaiApiKey, ...tuning };
  if (settings.anthropicApiKey) {
    return {
      provider: 'anthropic',
      model: model ?? DEFAULT_ANTHROPIC_MODEL,
      apiKey: settings.anthropicApiKey,
      ...(settings.anthropicBaseUrl ? { baseUrl: settings.anthropicBaseUrl } : {}),
      ...tuning,
    };
  }
  return null;
}

/** Ollama serves the OpenAI chat-completions API under `/v1` of its base URL. */
export function ollamaApiRoot(baseUrl: string): string {
  const root = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(root) ? root : `${root}/v1`;
}

function missingModel(setting: string, what: string): TrawlError {
  return new TrawlError('INVALID_OPTIONS', `${setting} is set but MODEL_NAME is not: set MODEL_NAME to ${what}.`);
}
