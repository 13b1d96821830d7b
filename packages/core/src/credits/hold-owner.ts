import { randomUUID } from 'node:crypto';
import type { CreditReservation, HoldOwner, TeamLedger } from '../ports/store.js';

/**
 * This process, as the owner of the credit holds it takes. A hold lives as long as its owner
 * renews (every reservation does, and a hold keeper every RENEW_EVERY_MS); once the owner stopped
 * (killed, or its store unreachable) for a minute, any live process reclaims its open holds.
 */
export const PROCESS_HOLD_OWNER: HoldOwner = { id: randomUUID(), leaseMs: 60_000 };

/** How often a live process renews its holds: a quarter of the owner's lease, so a late tick or two never lets it lapse. */
export const RENEW_EVERY_MS = PROCESS_HOLD_OWNER.leaseMs / 4;

/** Takes `most` of the team's credits as a hold this process owns (see PROCESS_HOLD_OWNER). */
export function reserveHold(teams: TeamLedger, teamId: string, most: number): Promise<CreditReservation> {
  return teams.reserve(teamId, most, PROCESS_HOLD_OWNER);
}
