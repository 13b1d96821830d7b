import { describe, expect, it } from 'vitest';
import { llmConfigFromEnv, ollamaApiRoot } from '@trawl/llm';

describe('configuration from the environment Firecrawl users already have', () => {
  it('configures nothing when nothing is set', () => {
    expect(llmConfigFromEnv({})).toBeNull();
  });

  it('speaks to an OpenAI-compatible server when OPENAI_BASE_URL is set', () => {
    expect(llmConfigFromEnv({ OPENAI_BASE_URL: 'http://gpu:8000/v1', MODEL_NAME: 'qwen2.5-7b', OPENAI_API_KEY: 'k' })).toEqual({
      provider: 'openai-compatible',
      model: 'qwen2.5-7b',
      baseUrl: 'http://gpu:8000/v1',
      apiKey: 'k',
    });
  });

  it('uses OpenAI with OPENAI_API_KEY alone, and Anthropic with ANTHROPIC_API_KEY alone', () => {
    expect(llmConfigFromEnv({ OPENAI_API_KEY: 'sk' })).toEqual({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk' });
    expect(llmConfigFromEnv({ ANTHROPIC_API_KEY: 'ak', MODEL_NAME: 'claude-sonnet-4-5' })).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      apiKey: 'ak',
    });
  });

  it('prefers Ollama, as self-hosted Firecrawl does, through its OpenAI-compatible /v1', () => {
    expect(llmConfigFromEnv({ OLLAMA_BASE_URL: 'http://localhost:11434/', MODEL_NAME: 'llama3.1', OPENAI_API_KEY: 'sk' })).toEqual({
      provider: 'ollama',
      model: 'llama3.1',
      baseUrl: 'http://localhost:11434/v1',
    });
    expect(ollamaApiRoot('http://h:11434/v1')).toBe('http://h:11434/v1');
    expect(() => llmConfigFromEnv({ OLLAMA_BASE_URL: 'http://localhost:11434' })).toThrow(/MODEL_NAME/);
  });

  it("reads Trawl's own tuning and refuses nonsense in it", () => {
    expect(
      llmConfigFromEnv({ OPENAI_API_KEY: 'sk', TRAWL_LLM_CONTEXT_TOKENS: '32768', TRAWL_LLM_STRUCTURED_OUTPUT: 'tool' }),
    ).toMatchObject({
      contextTokens: 32768,
      structuredOutput: 'tool',
    });
    expect(() => llmConfigFromEnv({ OPENAI_API_KEY: 'sk', TRAWL_LLM_CONTEXT_TOKENS: 'lots' })).toThrow(/TRAWL_LLM_CONTEXT_TOKENS/);
    expect(() => llmConfigFromEnv({ OPENAI_API_KEY: 'sk', TRAWL_LLM_STRUCTURED_OUTPUT: 'xml' })).toThrow(/json_schema/);
  });
});
