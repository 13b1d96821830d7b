import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../ports/logger.js';
import type { Lease, Store } from '../ports/store.js';

/** The first pause after a store failure; each failure after a pause ended doubles it, up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 250;
const MAX_PAUSE_MS = 5_000;

/**
 * How a worker or job runner waits out a store outage (Redis restarting, a full disk): leasing
 * pauses after a failed store call, longer each time the store fails again, until a page is
 * recorded again. The pages whose handling an outage cut short are handed back (`retry`) as soon
 * as leasing works, so they run again at once instead of when their leases lapse. Logs once when
 * the store goes and once when a page is recorded again.
 */
export class StorePause {
  private readonly interrupted: Lease[] = [];
  private pauseMs = 0;
  private until = 0;

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
    /** Who is pausing, for the log: "worker", "job <id>". */
    private readonly who: string,
  ) {}

  /** Notes a failed store call: leasing pauses (failures during a pause do not lengthen it). */
  failed(error: unknown): void {
    const now = Date.now();
    if (now < this.until) return;
    if (this.pauseMs === 0) this.logger.error(`${this.who}: the store does not answer; leasing paused until it does`, error);
    this.pauseMs = Math.min(MAX_PAUSE_MS, Math.max(FIRST_PAUSE_MS, this.pauseMs * 2));
    this.until = now + this.pauseMs;
  }

  /** A page's handling met an outage: nothing of it was recorded, so it goes back once leasing works. */
  interrupt(lease: Lease, error: unknown): void {
    this.interrupted.push(lease);
    this.failed(error);
  }

  /** Resolves when leasing may go on: at once unless paused. */
  async wait(signal?: AbortSignal): Promise<void> {
    const left = this.until - Date.now();
    if (left > 0) await sleep(left, undefined, { signal }).catch(() => undefined);
  }

  /** Leasing worked: hands back the interrupted pages (a lease gone stale meanwhile is refused, harmlessly). */
  async handBack(): Promise<void> {
    if (this.interrupted.length === 0) return;
    const leases = this.interrupted.splice(0);
    // A lease the store cannot take back now simply lapses, and the page is leased again then.
    await Promise.all(leases.map((lease) => this.store.frontier.retry(lease).catch(() => false)));
  }

  /** A page was handled and recorded: the store takes writes again. */
  recovered(): void {
    if (this.pauseMs > 0) this.logger.error(`${this.who}: the store answers again; leasing resumed`);
    this.pauseMs = 0;
    this.until = 0;
  }

  /** The interrupted leases not handed back yet (a stopping worker hands them back itself). */
  takeInterrupted(): Lease[] {
    return this.interrupted.splice(0);
  }
}
