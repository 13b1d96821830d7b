import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { closeDispatchers, generateLlmsTxt } from '@trawl/core';
import { type CliIO, writeLine } from '../io.js';
import { wholeNumber } from '../numeric-flags.js';
import { urlArgument } from '../url-argument.js';
import { pageBrowser } from '../page-browser.js';

interface LlmsTxtFlags {
  maxUrls?: number;
  full?: boolean;
  out?: string;
}

export function llmstxtCommand(io: CliIO): Command {
  return new Command('llmstxt')
    .description("write a site's llms.txt; an LLM (OPENAI_API_KEY, OPENAI_BASE_URL, OLLAMA_BASE_URL or ANTHROPIC_API_KEY) writes the descriptions, page metadata serves without one")
    .argument('<url>', 'the site', urlArgument)
    .option('-n, --max-urls <n>', 'pages included at most (default 10)', wholeNumber())
    .option('--full', 'print llms-full.txt (every page in full) instead')
    .option('-o, --out <dir>', 'write llms.txt (and llms-full.txt with --full) into this directory')
    .action(async (url: string, flags: LlmsTxtFlags) => {
      const llm = await llmFromEnvironment();
      const browser = pageBrowser();
      try {
        const result = await generateLlmsTxt(url, {
          ...(flags.maxUrls ? { maxUrls: flags.maxUrls } : {}),
          showFullText: flags.full ?? false,
          ...(llm ? { llm } : {}),
          ...(browser ? { browser } : {}),
        });
        if (flags.out) {
          await mkdir(flags.out, { recursive: true });
          await writeFile(join(flags.out, 'llms.txt'), result.llmstxt, 'utf8');
          if (result.llmsfulltxt !== undefined) await writeFile(join(flags.out, 'llms-full.txt'), result.llmsfulltxt, 'utf8');
          writeLine(io.stderr, `wrote ${join(flags.out, 'llms.txt')}${result.llmsfulltxt !== undefined ? ' and llms-full.txt' : ''}`);
        } else {
          io.stdout.write(flags.full && result.llmsfulltxt !== undefined ? result.llmsfulltxt : result.llmstxt);
        }
        writeLine(io.stderr, `${result.urls.length} page(s)${llm ? `, ${result.tokensUsed} tokens` : ''}`);
        if (result.warning) writeLine(io.stderr, `warning: ${result.warning}`);
      } finally {
        await Promise.all([closeDispatchers(), browser?.close()]);
      }
    });
}

/** Loaded on use: the AI SDK under @trawl/llm is only worth loading for the commands that need it. */
async function llmFromEnvironment() {
  const { llmFromEnv } = await import('@trawl/llm');
  return llmFromEnv();
}
