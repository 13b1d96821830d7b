/**
 * The agent's loop: the model picks a tool (`chooseTool`), core checks the call (agent-tools.ts)
 * and does it (agent-act.ts), until the model calls `finish` or a budget ends the run; then one
 * `generateObject` over what was read gives the answer, checked against the schema and asked
 * again once when it does not fit, as the json format's is. A budget that runs out ends the run
 * with an answer and a warning, never mid-step.
 */
import { TrawlError } from '../../errors.js';
import { addUsage, NO_USAGE, type LlmProvider, type LlmToolCall, type LlmUsage } from '../../ports/llm.js';
import type { Runtime } from '../../runtime/types.js';
import { finishAnswer } from '../extract-from-text.js';
import type { LlmJobRun } from '../llm-runtime.js';
import { requireLlm } from '../missing-llm.js';
import { nullableSchema } from '../nullable-schema.js';
import { act, type ActOutcome, type AgentSource } from './agent-act.js';
import { AGENT_CREDITS, stopReason, stopWarning, type AgentSpend, type StopReason } from './agent-budget.js';
import { answerPrompt, answerSystem, plannerSystem, stepPrompt, type AgentAction, type AgentNote } from './agent-prompt.js';
import type { AgentRequest } from './agent-request.js';
import { planCall, toolsFor } from './agent-tools.js';

/** What an agent job stores as its output: its progress while it runs, the answer once done. */
export interface AgentOutput {
  /** The answer; absent until the run ends. */
  data?: Record<string, unknown>;
  actions: AgentAction[];
  /** Pages read, in the order read, each once. */
  sources: AgentSource[];
  warning?: string;
  llmUsage: LlmUsage;
  tokensUsed: number;
  creditsUsed: number;
}

export interface AgentHooks {
  /** An action ended (done, failed or refused; the final answer is the last, `answer`), with the run so far. */
  onAction?(action: AgentAction, progress: AgentOutput): Promise<void> | void;
}

export async function runAgent(request: AgentRequest, runtime: Runtime, run: LlmJobRun = {}, hooks: AgentHooks = {}): Promise<AgentOutput> {
  const llm = plannerOf(runtime.llm);
  const stopped = run.signal ?? new AbortController().signal;
  const outOfTime = AbortSignal.timeout(request.budget.timeLimitMs);
  const signal = AbortSignal.any([stopped, outOfTime]);
  const spend: AgentSpend = { steps: 0, pages: 0, credits: 0, startedAt: Date.now() };
  const notes: AgentNote[] = [];
  const progress: AgentOutput = { actions: [], sources: [], llmUsage: NO_USAGE, tokensUsed: 0, creditsUsed: 0 };

  async function record(
    tool: string,
    input: Record<string, unknown>,
    outcome: Pick<ActOutcome, 'message' | 'content' | 'credits' | 'pages' | 'sources' | 'usage'> & { status: AgentAction['status'] },
  ) {
    const action: AgentAction = {
      step: spend.steps,
      tool,
      input,
      status: outcome.status,
      message: outcome.message,
      credits: outcome.credits,
      at: new Date().toISOString(),
    };
    spend.credits += outcome.credits;
    spend.pages += outcome.pages;
    notes.push({ action, ...(outcome.content ? { content: outcome.content } : {}) });
    progress.actions.push(action);
    for (const source of outcome.sources) if (!progress.sources.some((s) => s.url === source.url)) progress.sources.push(source);
    progress.llmUsage = addUsage(progress.llmUsage, outcome.usage);
    progress.tokensUsed = progress.llmUsage.totalTokens;
    progress.creditsUsed = spend.credits;
    await hooks.onAction?.(action, progress);
  }

  let stop: StopReason | undefined;
  let finished = false;
  while (!finished && !(stop = stopReason(request.budget, request.maxCredits, spend, Date.now()))) {
    spend.steps++;
    let call: LlmToolCall;
    try {
      call = await llm.chooseTool({
        system: plannerSystem(request),
        prompt: stepPrompt(request, notes, spend, llm.contextTokens),
        tools: toolsFor(request),
        signal,
      });
    } catch (error) {
      if (stopped.aborted) throw cancelled(error);
      if (outOfTime.aborted) {
        stop = 'time';
        break;
      }
      throw error;
    }
    const planned = planCall(call, request, spend);
    const stepCost = { credits: AGENT_CREDITS.step, pages: 0, sources: [], usage: call.usage };
    if (planned.type === 'finish') {
      await record('finish', planned.reason ? { reason: planned.reason } : {}, {
        ...stepCost,
        status: 'done',
        message: planned.reason ?? 'enough was read',
      });
      finished = true;
    } else if (planned.type === 'refuse') {
      await record(planned.tool, planned.input, { ...stepCost, status: 'refused', message: planned.reason });
    } else {
      let outcome: ActOutcome;
      try {
        outcome = await act(planned.tool, planned.input, runtime, llm, signal);
      } catch (error) {
        if (stopped.aborted) throw cancelled(error);
        stop = 'time';
        await record(planned.tool, planned.input, { ...stepCost, status: 'failed', message: 'the time limit ended it' });
        break;
      }
      await record(planned.tool, planned.input, {
        ...outcome,
        status: outcome.ok ? 'done' : 'failed',
        credits: AGENT_CREDITS.step + outcome.credits,
        usage: addUsage(call.usage, outcome.usage),
      });
    }
  }

  const answer = await answerFrom(request, notes, llm, stopped);
  const warnings = [
    ...(stop && !finished ? [stopWarning(stop, request.budget, request.maxCredits)] : []),
    ...(answer.warning ? [answer.warning] : []),
  ];
  await record(
    'answer',
    {},
    { status: 'done', message: 'answered', credits: AGENT_CREDITS.answer, pages: 0, sources: [], usage: answer.usage },
  );
  return { ...progress, data: answer.value, ...(warnings.length ? { warning: warnings.join(' ') } : {}) };
}

/** The model, which must be able to call tools to plan. */
function plannerOf(provider: LlmProvider | undefined): LlmProvider & Required<Pick<LlmProvider, 'chooseTool'>> {
  const llm = requireLlm(provider, 'The agent');
  if (!llm.chooseTool) {
    throw new TrawlError('SCRAPE_ADAPTER_MISSING', `The agent plans with tool calls, and the LLM provider ${llm.model} cannot make them`);
  }
  return llm as LlmProvider & Required<Pick<LlmProvider, 'chooseTool'>>;
}

async function answerFrom(
  request: AgentRequest,
  notes: readonly AgentNote[],
  llm: LlmProvider,
  signal: AbortSignal,
): Promise<{ value: Record<string, unknown>; warning?: string; usage: LlmUsage }> {
  const schema = request.schema ? nullableSchema(request.schema) : undefined;
  try {
    const answer = await llm.generateObject({
      system: answerSystem(request),
      prompt: answerPrompt(request, notes, llm.contextTokens, schema),
      ...(schema ? { schema } : {}),
      signal,
    });
    return { ...finishAnswer(request.schema, answer.object), usage: answer.usage };
  } catch (error) {
    if (signal.aborted) throw cancelled(error);
    throw error;
  }
}

function cancelled(cause: unknown): TrawlError {
  return new TrawlError('SCRAPE_ABORTED', 'The agent was cancelled', { cause });
}
