import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { LlmConfig } from './config.js';

/** The AI SDK model of a configuration, and the provider-options key its settings go under. */
export function languageModelOf(config: LlmConfig): { model: LanguageModel; optionsKey: string } {
  const common = {
    ...(config.headers ? { headers: config.headers } : {}),
    ...(config.fetch ? { fetch: config.fetch } : {}),
  };
  switch (config.provider) {
    case 'openai': {
      const openai = createOpenAI({
        ...common,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
      });
      // Chat completions, not the Responses API: the one wire format every OpenAI-style server shares.
      return { model: openai.chat(config.model), optionsKey: 'openai' };
    }
    case 'openai-compatible':
    case 'ollama': {
      if (!config.baseUrl) throw new Error(`The ${config.provider} provider needs a baseUrl`);
      const compatible = createOpenAICompatible({
        ...common,
        name: config.provider,
        baseURL: config.baseUrl,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        // Sends the schema as `response_format: json_schema`; without this the SDK sends a bare
        // `json_object`, which tells the model nothing about the shape wanted.
        supportsStructuredOutputs: true,
        includeUsage: true,
      });
      return { model: compatible.chatModel(config.model), optionsKey: 'openaiCompatible' };
    }
    case 'anthropic': {
      const anthropic = createAnthropic({
        ...common,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
      });
      return { model: anthropic(config.model), optionsKey: 'anthropic' };
    }
  }
}
