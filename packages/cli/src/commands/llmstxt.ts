import { Command } from 'commander';
import type { CliIO } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';

export interface LlmsTxtFlags {
  maxUrls?: number;
  full?: boolean;
  out?: string;
}

export function llmstxtCommand(io: CliIO): Command {
  return new Command('llmstxt')
    .description(
      "write a site's llms.txt; an LLM (OPENAI_API_KEY, OPENAI_BASE_URL, OLLAMA_BASE_URL or ANTHROPIC_API_KEY) writes the descriptions, page metadata serves without one",
    )
    .argument('<url>', 'the site')
    .option('-n, --max-urls <n>', 'pages included at most (default 10)', wholeNumber())
    .option('--full', 'print llms-full.txt (every page in full) instead')
    .option('-o, --out <dir>', 'write llms.txt (and llms-full.txt with --full) into this directory')
    .action(async (url: string, flags: LlmsTxtFlags) => (await import('../actions/llmstxt.js')).llmstxtAction(url, flags, io));
}
