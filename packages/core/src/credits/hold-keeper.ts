import type { Logger } from '../ports/logger.js';
import type { TeamLedger } from '../ports/store.js';
import { isStoreOutage } from '../stores/store-outage.js';
import { PROCESS_HOLD_OWNER, RENEW_EVERY_MS } from './hold-owner.js';

interface Keeping {
  users: number;
  timer: NodeJS.Timeout;
}

/** One keeper per ledger in a process, however many parts (API, built-in worker) asked for it. */
const keeping = new Map<TeamLedger, Keeping>();

/**
 * Keeps this process's credit holds its own and sweeps up those of stopped processes: every
 * RENEW_EVERY_MS it renews its owner lease, then reclaims the open holds of owners whose lease
 * lapsed (a worker or API node killed mid-work) and logs what went back. A store outage is waited
 * out (the next tick tries again). Returns the function that stops it.
 */
export function keepHolds(teams: TeamLedger, logger: Logger, everyMs: number = RENEW_EVERY_MS): () => void {
  let entry = keeping.get(teams);
  if (!entry) {
    const timer = setInterval(() => void tick(teams, logger), everyMs);
    // The keeper alone never keeps a process alive.
    timer.unref();
    keeping.set(teams, (entry = { users: 0, timer }));
  }
  entry.users += 1;
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    const current = keeping.get(teams);
    if (!current || (current.users -= 1) > 0) return;
    clearInterval(current.timer);
    keeping.delete(teams);
  };
}

/** One renewal and sweep; resolves the holds reclaimed (for tests and the log). */
export async function renewAndReclaim(teams: TeamLedger, logger: Logger): Promise<number> {
  await teams.renewHolds(PROCESS_HOLD_OWNER);
  const reclaimed = await teams.reclaimHolds();
  if (reclaimed.length > 0) {
    const credits = reclaimed.reduce((sum, hold) => sum + hold.amount, 0);
    logger.error(
      `credits: ${reclaimed.length} holds of stopped processes reclaimed (${credits} credits back to ${new Set(reclaimed.map((hold) => hold.teamId)).size} teams)`,
    );
  }
  return reclaimed.length;
}

async function tick(teams: TeamLedger, logger: Logger): Promise<void> {
  try {
    await renewAndReclaim(teams, logger);
  } catch (error) {
    if (!isStoreOutage(error)) logger.error('credits: renewing or reclaiming holds failed', error);
  }
}
