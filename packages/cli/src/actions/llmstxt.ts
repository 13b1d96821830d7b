import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateLlmsTxt } from '@trawl/core';
import { typedTargetUrl } from '@trawl/core/server';
import { llmFromEnv } from '@trawl/llm';
import type { LlmsTxtFlags } from '../commands/llmstxt.js';
import { type CliIO, writeLine } from '../io.js';
import { commandRuntime } from '../command-runtime.js';

/** `trawl llmstxt <url>`: the site's llms.txt (or llms-full.txt) on stdout or into `--out`. */
export async function llmstxtAction(typedUrl: string, flags: LlmsTxtFlags, io: CliIO): Promise<void> {
  // Kept as typed (llms.txt titles itself with it), http:// added when it names no scheme.
  const url = typedTargetUrl(typedUrl);
  const llm = llmFromEnv();
  const runtime = commandRuntime('auto', { llm });
  try {
    const result = await generateLlmsTxt(url, {
      ...(flags.maxUrls ? { maxUrls: flags.maxUrls } : {}),
      showFullText: flags.full ?? false,
      runtime,
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
    await runtime.close();
  }
}
