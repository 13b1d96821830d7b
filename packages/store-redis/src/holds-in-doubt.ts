import type { CreditHold } from '@trawl/core/ports';

/**
 * Reservations this process sent whose answer never came (the connection dropped, ioredis gave
 * up): kept by id until given back. Bounded: past the cap the oldest are left to the sweep that
 * reclaims a stopped process's holds.
 */
export class HoldsInDoubt {
  private static readonly CAP = 10_000;
  private readonly holds = new Map<string, CreditHold & { id: string }>();

  remember(hold: CreditHold & { id: string }): void {
    if (this.holds.size >= HoldsInDoubt.CAP) this.holds.delete(this.holds.keys().next().value!);
    this.holds.set(hold.id, hold);
  }

  forget(id: string): void {
    this.holds.delete(id);
  }

  list(): Array<CreditHold & { id: string }> {
    return [...this.holds.values()];
  }
}
