/**
 * One execute on an open page (`POST /v2/browser/{id}/execute`, `POST /v2/scrape/{id}/interact`):
 * Trawl's actions, a prompt the model turns into actions, or code run inside the page when the
 * operator allows it. Answered in the SDK's BrowserExecuteResponse shape.
 */
import { isTrawlError, TrawlError, type SsrfPolicy } from '@trawl/core';
import type { BrowserPageSession, LlmProvider } from '@trawl/core/ports';
import { actionSchema, assertAllowedTarget, parseTargetUrl, requireLlm, runInteractPrompt, toMarkdown } from '@trawl/core/server';
import { badRequest } from '../transport/api-error.js';
import { EXECUTE_TIMEOUT_SECONDS, type ExecuteBody } from '../schemas/v2-browser.js';
import { toCoreAction } from '../v2/scrape-plan.js';

/** Characters of the page's Markdown an actions execute hands back in `output`. */
const OUTPUT_CHARS = 200_000;

/** The SDK's BrowserExecuteResponse. */
export interface ExecuteAnswer {
  success: true;
  output?: string;
  stdout: string;
  result?: string;
  stderr: string;
  exitCode: number;
  killed: boolean;
  truncated?: boolean;
}

export function executeTimeoutMs(body: ExecuteBody): number {
  return (body.timeout ?? EXECUTE_TIMEOUT_SECONDS.default) * 1000;
}

/** Refuses what cannot run before any credit is held: code while it is off, a language other than JavaScript. */
export function assertRunnable(body: ExecuteBody, codeEnabled: boolean): void {
  if (body.code === undefined || !body.code.trim()) return;
  if (!codeEnabled) {
    throw new TrawlError(
      'BROWSER_CODE_DISABLED',
      'This server runs no `code`: its operator has not enabled it (TRAWL_BROWSER_CODE=true). Send `prompt` or `actions` instead.',
    );
  }
  if (body.language !== undefined && body.language !== 'node') {
    throw badRequest(
      [{ path: ['language'], message: `language "${body.language}" is not run here` }],
      `Bad Request: language "${body.language}" is not supported: Trawl runs \`code\` as JavaScript inside the page; send language "node"`,
    );
  }
}

export async function executeOnPage(
  page: BrowserPageSession,
  body: ExecuteBody,
  llm: LlmProvider | undefined,
  signal: AbortSignal,
  policy: SsrfPolicy,
): Promise<ExecuteAnswer> {
  const timeoutMs = executeTimeoutMs(body);
  if (body.url !== undefined) {
    // A clear refusal before the browser starts; the page's guard proxy refuses redirects and subresources.
    await assertAllowedTarget(parseTargetUrl(body.url), policy);
    const loaded = await page.goto(body.url, timeoutMs);
    if (!body.code?.trim() && !body.prompt && !body.actions) return pageAnswer(loaded.url, loaded.body, undefined);
  }
  if (body.code?.trim()) {
    const ran = await page.runCode(body.code, timeoutMs);
    return {
      success: true,
      stdout: ran.stdout,
      stderr: ran.stderr,
      exitCode: ran.exitCode,
      killed: ran.killed,
      ...(ran.result === undefined ? {} : { result: ran.result }),
    };
  }
  if (body.prompt) {
    const outcome = await runInteractPrompt(page, body.prompt, requireLlm(llm, '`prompt`'), timeoutMs, signal);
    return {
      success: true,
      output: outcome.output,
      result: JSON.stringify({ url: page.url(), actions: outcome.actions }),
      stdout: '',
      stderr: '',
      exitCode: 0,
      killed: false,
    };
  }
  const actions = (body.actions ?? []).map((action) => actionSchema.parse(toCoreAction(action)));
  try {
    const loaded = await page.run(actions, timeoutMs);
    return pageAnswer(loaded.url, loaded.body, loaded.actions);
  } catch (error) {
    // A failed action is the call's outcome (as a script's error is), not the server's failure.
    if (isTrawlError(error) && (error.code === 'SCRAPE_ACTION_ERROR' || error.code === 'SCRAPE_TIMEOUT')) {
      return { success: true, stdout: '', stderr: error.message, exitCode: 1, killed: false };
    }
    throw error;
  }
}

/** The page as Markdown in `output`, its URL and the actions' results in `result`. */
function pageAnswer(url: string, html: Uint8Array, actions: unknown): ExecuteAnswer {
  const markdown = toMarkdown(Buffer.from(html).toString('utf8'));
  return {
    success: true,
    output: markdown.slice(0, OUTPUT_CHARS),
    ...(markdown.length > OUTPUT_CHARS ? { truncated: true } : {}),
    result: JSON.stringify({ url, ...(actions === undefined ? {} : { actions }) }),
    stdout: '',
    stderr: '',
    exitCode: 0,
    killed: false,
  };
}
