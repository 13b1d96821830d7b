/**
 * `prompt` on an interactive page: the configured model turns a sentence ("click Next and tell me
 * the price") into Trawl's own actions, one tool call at a time, reading the page after each, and
 * ends with an answer. The model never writes code: it picks click, write, press, scroll or wait
 * (checked here like any API action), so a prompt can do no more than `actions` can.
 */
import { TrawlError } from '../errors.js';
import { toMarkdown } from '../formats/markdown.js';
import { actionSchema, type Action } from '../options.js';
import type { BrowserPageSession } from '../ports/browser.js';
import { addUsage, NO_USAGE, type LlmProvider, type LlmTool, type LlmUsage } from '../ports/llm.js';

/** Tool calls one prompt may make, the answer included. */
export const INTERACT_PROMPT_STEPS = 8;
/** Characters of the page's Markdown the model reads each step. */
const PAGE_CHARS = 12_000;
/** Longest prompt accepted. */
export const MAX_INTERACT_PROMPT_CHARS = 10_000;

export interface PromptOutcome {
  /** The model's answer (what `output` of the response holds). */
  output: string;
  /** The actions it ran, in order. */
  actions: Action[];
  usage: LlmUsage;
}

const str = (description: string) => ({ type: 'string', description });
const tool = (name: string, description: string, properties: Record<string, unknown>, required: string[]): LlmTool => ({
  name,
  description,
  parameters: { type: 'object', properties, required, additionalProperties: false },
});

const TOOLS: readonly LlmTool[] = [
  tool('click', 'Click the element a CSS selector matches.', { selector: str('A CSS selector') }, ['selector']),
  tool('write', 'Type text into the focused input (click it first).', { text: str('The text to type') }, ['text']),
  tool('press', 'Press a keyboard key, e.g. Enter or Tab.', { key: str('The key') }, ['key']),
  tool('scroll', 'Scroll the page up or down.', { direction: { type: 'string', enum: ['up', 'down'] } }, ['direction']),
  tool('wait', 'Wait for a CSS selector to appear.', { selector: str('A CSS selector') }, ['selector']),
  tool('done', 'Finish: answer the task from the page as it stands.', { answer: str('The answer, or what was done') }, ['answer']),
];

const SYSTEM =
  'You drive a web browser for a user, one step at a time, with the tools given. Read the page, act, and call `done` ' +
  'with the answer as soon as the task is done or cannot be done. Selectors are CSS selectors of the page shown.';

/** Runs `prompt` on `page` with `llm`: at most INTERACT_PROMPT_STEPS tool calls, within `timeoutMs`. */
export async function runInteractPrompt(
  page: BrowserPageSession,
  prompt: string,
  llm: LlmProvider,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<PromptOutcome> {
  if (!llm.chooseTool) {
    throw new TrawlError(
      'SCRAPE_ADAPTER_MISSING',
      `The configured model (${llm.model}) cannot call tools, which \`prompt\` needs: send \`actions\``,
    );
  }
  const deadline = Date.now() + timeoutMs;
  const done: Action[] = [];
  const log: string[] = [];
  let usage = NO_USAGE;
  let current = await page.snapshot();
  for (let step = 0; step < INTERACT_PROMPT_STEPS; step++) {
    const text = toMarkdown(Buffer.from(current.body).toString('utf8')).slice(0, PAGE_CHARS);
    const call = await llm.chooseTool({
      system: SYSTEM,
      prompt: `Task: ${prompt}\n\nSteps so far:\n${log.join('\n') || '(none)'}\n\nThe page now (${page.url()}):\n${text}`,
      tools: step === INTERACT_PROMPT_STEPS - 1 ? TOOLS.filter((t) => t.name === 'done') : TOOLS,
      ...(signal ? { signal } : {}),
    });
    usage = addUsage(usage, call.usage);
    if (call.name === 'done') return { output: String(call.input.answer ?? ''), actions: done, usage };
    const parsed = actionSchema.safeParse({ type: call.name, ...call.input });
    if (!parsed.success) {
      log.push(`${step + 1}. ${call.name} refused: ${parsed.error.issues[0]?.message ?? 'bad arguments'}`);
      continue;
    }
    const left = deadline - Date.now();
    if (left <= 0) break;
    try {
      current = await page.run([parsed.data], left);
      done.push(parsed.data);
      log.push(`${step + 1}. ${describe(parsed.data)}: ok`);
    } catch (error) {
      log.push(`${step + 1}. ${describe(parsed.data)} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return { output: `Stopped after ${done.length} actions without an answer.\n${log.join('\n')}`, actions: done, usage };
}

function describe(action: Action): string {
  const { type, ...rest } = action;
  return `${type} ${JSON.stringify(rest)}`;
}
