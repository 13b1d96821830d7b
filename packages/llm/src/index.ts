export {
  llmConfigFromEnv,
  ollamaApiRoot,
  DEFAULT_CONTEXT_TOKENS,
  DEFAULT_OPENAI_MODEL,
  DEFAULT_ANTHROPIC_MODEL,
  type LlmConfig,
  type LlmEnv,
  type LlmProviderKind,
  type StructuredOutputMode,
} from './config.js';
export { createLlmProvider, type TrawlLlmProvider } from './provider.js';
export { llmFromEnv } from './from-env.js';
export { SchemaValidator } from './schema-validator.js';
