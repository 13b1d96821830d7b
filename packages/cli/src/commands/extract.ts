import { Command } from 'commander';
import type { CliIO } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';

export interface ExtractFlags {
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
    .description(
      'extract structured data from pages with an LLM (set OPENAI_API_KEY, OPENAI_BASE_URL, OLLAMA_BASE_URL or ANTHROPIC_API_KEY)',
    )
    .argument('<urls...>', 'pages, or globs of pages (https://site/*, https://site/blog/**)')
    .option('-p, --prompt <text>', 'what to extract')
    .option('-s, --schema <json>', 'JSON Schema of the answer, inline or @file.json')
    .option('--system-prompt <text>', 'replaces the opening of the instructions')
    .option('-l, --limit <n>', 'pages read at most (default 10)', wholeNumber())
    .option('--ignore-sitemap', 'find pages by following links only')
    .option('--no-subdomains', 'keep globs to the exact host')
    .option('--show-sources', 'also print which page gave each field')
    .option('--timeout <ms>', 'give up after this many milliseconds', wholeNumber())
    .action(async (urls: string[], flags: ExtractFlags) => (await import('../actions/extract.js')).extractAction(urls, flags, io));
}
