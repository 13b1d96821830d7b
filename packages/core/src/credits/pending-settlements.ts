import { randomUUID } from 'node:crypto';
import { isStoreOutage } from '../stores/store-outage.js';
import type { TeamLedger } from '../ports/store.js';
import type { AccountHold } from './account-hold.js';
import { recordUsage, usagePeriod } from './usage.js';

/** The first wait before settling again after a store outage; doubled after each failure, up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 250;
const MAX_WAIT_MS = 5_000;

/** A hold whose settlement met a store outage, and how far it got. */
interface Pending {
  teams: TeamLedger;
  hold: AccountHold;
  cost: number;
  /** When the work was done: its usage is filed under that month, not the month of recovery. */
  at: number;
  /** Names the usage row's add, so a retry after its answer was lost counts it once: the hold's id, or one of its own. */
  usageId: string;
}

const pending: Pending[] = [];
let timer: NodeJS.Timeout | undefined;
let waitMs = 0;
let drained: Array<() => void> = [];

/**
 * Settles a hold at `cost` and records the charge in its account's usage history. When the store
 * is down or full (STORE_UNAVAILABLE, STORAGE_FULL), the settlement is kept in this process and
 * done once the store answers again, in order, retried with a backoff: a reservation is neither
 * lost (the balance short of the unused part of the hold) nor charged twice (a page cut short by
 * the outage runs again on a hold of its own, and this one is released at cost 0). Each step is
 * done once, also when a try reached the store and only its answer was lost: the store settles a
 * hold, and files its usage row in the same step, once per hold id (an unlimited team's row, with
 * no hold to settle, once per settlement id). Other errors throw. A process killed
 * with settlements still kept loses them; their holds are reclaimed whole (hold-keeper.ts).
 */
export async function settleOrKeep(teams: TeamLedger, hold: AccountHold, cost: number): Promise<void> {
  const entry: Pending = { teams, hold, cost, at: Date.now(), usageId: hold.id ?? randomUUID() };
  try {
    await settleStep(entry);
  } catch (error) {
    if (!isStoreOutage(error)) throw error;
    pending.push(entry);
    schedule();
  }
}

/** Settlements waiting for the store, in this process. */
export function pendingSettlements(): number {
  return pending.length;
}

/**
 * Resolves once every kept settlement is done, or after `maxMs` (what is left then stays kept
 * and is tried again while the process lives): a worker stopping waits for it.
 */
export function settlementsDone(maxMs: number): Promise<boolean> {
  if (pending.length === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(limit);
      resolve(true);
    };
    const limit = setTimeout(() => {
      drained = drained.filter((waiter) => waiter !== done);
      resolve(false);
    }, maxMs);
    drained.push(done);
  });
}

async function settleStep(entry: Pending): Promise<void> {
  const { teams, hold, cost } = entry;
  // A hold with an amount is settled and its charge filed in one atomic step, once per hold id:
  // a crash between the two can never leave the balance charged and the history short.
  if (hold.amount > 0) return teams.settle(hold, cost, { period: usagePeriod(entry.at), apiKey: hold.apiKey });
  // An unlimited team's empty hold: only the history to write, once per settlement id.
  await recordUsage(teams, { teamId: hold.teamId, apiKey: hold.apiKey }, { credits: cost }, entry.at, entry.usageId);
}

function schedule(): void {
  if (timer) return;
  waitMs = Math.min(MAX_WAIT_MS, Math.max(FIRST_WAIT_MS, waitMs * 2));
  timer = setTimeout(() => {
    timer = undefined;
    void retry();
  }, waitMs);
  // Kept settlements never keep a process alive on their own; a stopping worker waits for them (settlementsDone).
  timer.unref();
}

async function retry(): Promise<void> {
  // A store still away keeps its settlements, in order; those of another store in the process go on.
  const away = new Set<TeamLedger>();
  for (const entry of [...pending]) {
    if (away.has(entry.teams)) continue;
    try {
      await settleStep(entry);
    } catch (error) {
      if (isStoreOutage(error)) {
        away.add(entry.teams);
        continue;
      }
      // Any other failure would have thrown at the first try; it is not an outage to wait out.
    }
    pending.splice(pending.indexOf(entry), 1);
  }
  if (pending.length > 0) return schedule();
  waitMs = 0;
  for (const waiter of drained.splice(0)) waiter();
}
