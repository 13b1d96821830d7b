/**
 * What the model reads at each step and for the final answer. Pure. The whole history goes in
 * one prompt each time (no chat of tool results), so any model that can call a tool can plan,
 * and what it reads is bounded by its context: the newest observations in full, older ones cut.
 */
import type { JsonSchema } from '../../ports/llm.js';
import { contentCharsFor, estimateTokens } from '../split-content.js';
import type { AgentSpend } from './agent-budget.js';
import type { AgentRequest } from './agent-request.js';

/** One thing the agent did, as the status shows it. */
export interface AgentAction {
  step: number;
  tool: string;
  input: Record<string, unknown>;
  status: 'done' | 'failed' | 'refused';
  /** What came of it, in a line. */
  message: string;
  credits: number;
  /** ISO time it ended. */
  at: string;
}

/** An action with what it gave the model to read (kept in memory only, never stored). */
export interface AgentNote {
  action: AgentAction;
  content?: string;
}

const DEFAULT_SYSTEM =
  'You are a research agent. You answer a task by searching the web and reading pages with the tools you are given, one tool call at a time.';
const STEP_RULES =
  'Call exactly one tool. Prefer reading pages that are likely to hold the answer; do not read a page twice. Call finish as soon as what you have read answers the task.';
const ANSWER_RULES =
  'Use only facts stated in the material; never invent a value. When the material does not give a value, answer null for it. Answer with a single JSON object.';
/** Characters of one result shown at most; less when the context has less room left, none below MIN_NOTE_CHARS. */
const NOTE_CHARS = 12_000;
const MIN_NOTE_CHARS = 200;

export function plannerSystem(request: Pick<AgentRequest, 'systemPrompt'>): string {
  return `${request.systemPrompt?.trim() || DEFAULT_SYSTEM}\n\n${STEP_RULES}`;
}

export function answerSystem(request: Pick<AgentRequest, 'systemPrompt'>): string {
  return `${request.systemPrompt?.trim() || 'You answer a research task from the material a research agent gathered.'}\n\n${ANSWER_RULES}`;
}

/** The prompt of one planning step: the task, the budget left and what was done so far. */
export function stepPrompt(request: AgentRequest, notes: readonly AgentNote[], spend: AgentSpend, contextTokens: number): string {
  const head = [
    taskLines(request),
    '',
    `Budget left: ${request.budget.maxSteps - spend.steps} steps, ${request.budget.maxPages - spend.pages} pages, ${request.maxCredits - spend.credits} credits.`,
  ].join('\n');
  const history = notes.length ? `What you did so far:\n${historyText(notes, room(head, contextTokens))}` : 'You have done nothing yet.';
  return `${head}\n\n${history}\n\nCall the next tool.`;
}

/** The final answer's prompt: the task and everything read, newest cut first when it does not fit. */
export function answerPrompt(request: AgentRequest, notes: readonly AgentNote[], contextTokens: number, schema?: JsonSchema): string {
  const head = `${taskLines(request)}\n\nAnswer the task from the material below.`;
  const material = historyText(
    notes.filter((n) => n.content),
    room(head + (schema ? JSON.stringify(schema) : ''), contextTokens),
  );
  return `${head}\n\n<material>\n${material || '(nothing could be read)'}\n</material>`;
}

function taskLines(request: AgentRequest): string {
  const lines = [`Task: ${request.prompt}`];
  if (request.schema) lines.push(`The answer must fit this JSON Schema: ${JSON.stringify(request.schema)}`);
  if (request.urls.length) {
    lines.push(`${request.strictConstrainToURLs ? 'Read only these pages' : 'Start from these pages'}: ${request.urls.join(' ')}`);
  }
  return lines.join('\n');
}

function room(overhead: string, contextTokens: number): number {
  return contentCharsFor({ contextTokens, overheadTokens: estimateTokens(overhead) + 200 });
}

/** Notes, oldest first, as text within about `maxChars`: the newest keep up to NOTE_CHARS of their result, older ones less as room runs out. */
function historyText(notes: readonly AgentNote[], maxChars: number): string {
  let left = maxChars;
  const parts: string[] = [];
  for (let i = notes.length - 1; i >= 0; i--) {
    const { action, content } = notes[i]!;
    const line = `${action.step}. ${action.tool} ${JSON.stringify(action.input)} → ${action.status}: ${action.message}`;
    // Once the room is spent, older results show only their line: the prompt never outgrows the context.
    const room = Math.min(NOTE_CHARS, left - line.length - 40);
    const shown = content && room >= MIN_NOTE_CHARS ? cut(content, room) : '';
    const part = shown ? `${line}\n<result>\n${shown}\n</result>` : line;
    left -= part.length;
    parts.push(part);
  }
  return parts.reverse().join('\n');
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n…(cut)`;
}
