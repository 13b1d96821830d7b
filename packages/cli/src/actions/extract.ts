import { readFile } from 'node:fs/promises';
import { extract } from '@trawl/core';
import { llmFromEnv } from '@trawl/llm';
import type { ExtractFlags } from '../commands/extract.js';
import { type CliIO, writeLine } from '../io.js';
import { commandRuntime } from '../command-runtime.js';

/** `trawl extract <urls...>`: structured data from the pages, by the model the environment names. */
export async function extractAction(urls: string[], flags: ExtractFlags, io: CliIO): Promise<void> {
  const runtime = commandRuntime('auto', { llm: llmFromEnv() });
  try {
    const result = await extract(
      {
        urls,
        ...(flags.prompt ? { prompt: flags.prompt } : {}),
        ...(flags.schema ? { schema: await readSchema(flags.schema) } : {}),
        ...(flags.systemPrompt ? { systemPrompt: flags.systemPrompt } : {}),
        ...(flags.limit ? { limit: flags.limit } : {}),
        ...(flags.timeout ? { timeout: flags.timeout } : {}),
        ignoreSitemap: flags.ignoreSitemap ?? false,
        includeSubdomains: flags.subdomains,
        showSources: flags.showSources ?? false,
      },
      { runtime },
    );
    writeLine(io.stdout, JSON.stringify({ data: result.data, ...(flags.showSources ? { sources: result.sources } : {}) }, null, 2));
    writeLine(io.stderr, `read ${result.urls.length} page(s), ${result.tokensUsed} tokens`);
    if (result.warning) writeLine(io.stderr, `warning: ${result.warning}`);
  } finally {
    await runtime.close();
  }
}

async function readSchema(value: string): Promise<Record<string, unknown>> {
  const text = value.startsWith('@') ? await readFile(value.slice(1), 'utf8') : value;
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw new Error(`--schema is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    throw new Error('--schema must be a JSON object (a JSON Schema)');
  return schema as Record<string, unknown>;
}
