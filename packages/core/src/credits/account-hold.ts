import type { CreditHold } from '../ports/store.js';

/** A hold and the API key it is charged to: settling it records the credits in that account's usage history. */
export interface AccountHold extends CreditHold {
  apiKey: string | null;
}
