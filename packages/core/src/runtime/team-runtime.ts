import type { Account } from '../credits/usage.js';
import { meteredLlm } from '../credits/metered-llm.js';
import type { RuntimeOptions, RuntimeWithStore } from './runtime.js';

/**
 * The runtime one team's request or job runs with: its model records the tokens it uses in the
 * account's usage history, and a search provider made of teams' pages (the local index) searches
 * that team's alone, and its pages take their turn in the conversion threads and browser pages as
 * that team's. Every API request and LLM job goes through it, so none of these can be forgotten.
 */
export function teamRuntime(runtime: RuntimeWithStore, account: Account): RuntimeWithStore {
  const parts: RuntimeOptions = { teamId: account.teamId };
  if (runtime.llm && account.teamId) parts.llm = meteredLlm(runtime.llm, runtime.store.teams, account);
  const search = runtime.searchProvider?.forTeam?.(account.teamId);
  if (search) parts.searchProvider = search;
  return runtime.with(parts) as RuntimeWithStore;
}
