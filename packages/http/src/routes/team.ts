import { ApiError } from '../http/api-error.js';
import { UNLIMITED_CREDITS_DISPLAY } from '../limits/credits.js';
import type { RouteHandler } from './types.js';

/** `GET /v1/team/credit-usage` (E10). A team without a limit shows a large number, as self-hosted Firecrawl does. */
export const v1CreditUsage: RouteHandler = async (request, api) => {
  let balance: number | null;
  try {
    balance = await api.store.teams.getCredits(request.teamId);
  } catch (cause) {
    throw new ApiError(500, 'Internal server error while fetching credit usage', { kind: 'spec', cause });
  }
  return { body: { success: true, data: { remaining_credits: balance ?? UNLIMITED_CREDITS_DISPLAY } } };
};
