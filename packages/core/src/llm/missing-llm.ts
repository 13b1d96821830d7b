import { TrawlError } from '../errors.js';
import type { LlmProvider } from '../ports/llm.js';

/** The settings that configure @trawl/llm from the environment, named in every "no LLM" error. */
export const LLM_SETTINGS_HINT =
  'add the @trawl/llm adapter (set OPENAI_API_KEY, or OPENAI_BASE_URL with MODEL_NAME for an OpenAI-compatible server, OLLAMA_BASE_URL with MODEL_NAME, or ANTHROPIC_API_KEY)';

/** The error of a feature that needs an LLM when none is configured: a clear refusal, never a fake answer. */
export function llmMissing(feature: string): TrawlError {
  return new TrawlError('SCRAPE_ADAPTER_MISSING', `${feature} needs an LLM provider, and none is configured: ${LLM_SETTINGS_HINT}.`);
}

/** The provider, or the "no LLM" error for `feature`. */
export function requireLlm(llm: LlmProvider | undefined, feature: string): LlmProvider {
  if (!llm) throw llmMissing(feature);
  return llm;
}
