import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { closeDispatchers, extract } from '@trawl/core';
import { type CliIO, writeLine } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';
import { pageBrowser } from '../page-browser.js';

interface ExtractFlags {
  prompt?: string;
  schema?: string;
  systemPrompt?: string;
  limit?: number;
  ignoreSitemap?: boolean;
  subdomains: boolean;
  showSources?: boolean;
  timeout?: number;
}

export function extractCommand(io: CliIO): Command {
  return new Command('extract')
    .description('extract structured data from pages with an LLM (set OPENAI_API_KEY, OPENAI_BASE_URL, OLLAMA_BASE_URL or ANTHROPIC_API_KEY)')
    .argument('<urls...>', 'pages, or globs of pages (https://site/*, https://site/blog/**)')
    .option('-p, --prompt <text>', 'what to extract')
    .option('-s, --schema <json>', 'JSON Schema of the answer, inline or @file.json')
    .option('--system-prompt <text>', 'replaces the opening of the instructions')
    .option('-l, --limit <n>', 'pages read at most (default 10)', wholeNumber())
    .option('--ignore-sitemap', 'find pages by following links only')
    .option('--no-subdomains', 'keep globs to the exact host')
    .option('--show-sources', 'also print which page gave each field')
    .option('--timeout <ms>', 'give up after this many milliseconds', wholeNumber())
    .action(async (urls: string[], flags: ExtractFlags) => {
      const llm = await llmFromEnvironment();
      const browser = pageBrowser();
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
          { ...(llm ? { llm } : {}), ...(browser ? { browser } : {}) },
        );
        writeLine(io.stdout, JSON.stringify({ data: result.data, ...(flags.showSources ? { sources: result.sources } : {}) }, null, 2));
        writeLine(io.stderr, `read ${result.urls.length} page(s), ${result.tokensUsed} tokens`);
        if (result.warning) writeLine(io.stderr, `warning: ${result.warning}`);
      } finally {
        await Promise.all([closeDispatchers(), browser?.close()]);
      }
    });
}

async function readSchema(value: string): Promise<Record<string, unknown>> {
  const text = value.startsWith('@') ? await readFile(value.slice(1), 'utf8') : value;
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw new Error(`--schema is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new Error('--schema must be a JSON object (a JSON Schema)');
  return schema as Record<string, unknown>;
}

/** Loaded on use: the AI SDK under @trawl/llm is only worth loading for the commands that need it. */
async function llmFromEnvironment() {
  const { llmFromEnv } = await import('@trawl/llm');
  return llmFromEnv();
}
