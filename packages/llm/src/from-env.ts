import { llmConfigFromEnv, type LlmConfig, type LlmEnv } from './config.js';
import { createLlmProvider, type TrawlLlmProvider } from './provider.js';

/**
 * The provider the environment configures (see `llmConfigFromEnv`), or undefined when it
 * configures none; every LLM feature then fails with an error naming the settings.
 * `overrides` wins over the environment (e.g. a fetch, a timeout).
 */
export function llmFromEnv(env: LlmEnv = process.env, overrides: Partial<LlmConfig> = {}): TrawlLlmProvider | undefined {
  const config = llmConfigFromEnv(env);
  return config ? createLlmProvider({ ...config, ...overrides }) : undefined;
}
