import { recordTokens, type Account } from './usage.js';
import { llmUsageOf, type LlmProvider, type LlmUsage } from '../ports/llm.js';
import type { TeamLedger } from '../ports/store.js';

/**
 * The provider, with the tokens of every request it answers recorded in `account`'s usage, as the
 * provider reported them. A request that failed after the model used tokens (it answered badly
 * twice) is recorded too, when the adapter says what it used (see `withLlmUsage`). Every LLM
 * feature of a request or a job runs on such a provider, so none goes unmetered.
 */
export function meteredLlm(llm: LlmProvider, teams: TeamLedger, account: Account): LlmProvider {
  async function metered<A extends { usage: LlmUsage }>(ask: () => Promise<A>): Promise<A> {
    let answer: A;
    try {
      answer = await ask();
    } catch (error) {
      const used = llmUsageOf(error);
      // The request's own failure is what the caller must see, even when recording fails too.
      if (used) await recordTokens(teams, account, used).catch(() => undefined);
      throw error;
    }
    await recordTokens(teams, account, answer.usage);
    return answer;
  }
  const chooseTool = llm.chooseTool?.bind(llm);
  return {
    model: llm.model,
    contextTokens: llm.contextTokens,
    generateObject: (request) => metered(() => llm.generateObject(request)),
    ...(chooseTool ? { chooseTool: (request: Parameters<typeof chooseTool>[0]) => metered(() => chooseTool(request)) } : {}),
  };
}
