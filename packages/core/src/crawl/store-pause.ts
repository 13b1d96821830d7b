import type { Logger } from '../ports/logger.js';
import type { Lease, Store } from '../ports/store.js';

/** The first wait after a store failure; each failure in a row doubles it, up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 250;
const MAX_WAIT_MS = 5_000;

/**
 * How a worker or job runner waits out a store outage (Redis restarting, a full disk): leasing
 * pauses, with a wait that doubles while the store keeps failing; the pages whose handling the
 * outage cut short are handed back (`retry`) once the store answers again, so they run again at
 * once instead of when their leases lapse. Logs once when the store goes and once when it is back.
 */
export class StorePause {
  private readonly interrupted: Lease[] = [];
  private waitMs = 0;

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
    /** Who is pausing, for the log: "worker", "crawl <id>". */
    private readonly who: string,
  ) {}

  /** Notes a failed store call; resolves how long to wait before the next one. */
  failed(error: unknown): number {
    if (this.waitMs === 0) this.logger.error(`${this.who}: the store does not answer; leasing paused until it does`, error);
    this.waitMs = Math.min(MAX_WAIT_MS, Math.max(FIRST_WAIT_MS, this.waitMs * 2));
    return this.waitMs;
  }

  /** A page's handling met an outage: nothing of it was recorded, so it goes back once the store answers. */
  interrupt(lease: Lease, error: unknown): void {
    this.interrupted.push(lease);
    this.failed(error);
  }

  /** The store answered: resumes, and hands back the interrupted pages (a lease gone stale meanwhile is refused, harmlessly). */
  async answered(): Promise<void> {
    if (this.waitMs === 0 && this.interrupted.length === 0) return;
    if (this.waitMs > 0) this.logger.error(`${this.who}: the store answers again; leasing resumed`);
    this.waitMs = 0;
    const leases = this.interrupted.splice(0);
    // A lease the store cannot take back now simply lapses, and the page is leased again then.
    await Promise.all(leases.map((lease) => this.store.frontier.retry(lease).catch(() => false)));
  }

  /** The interrupted leases not handed back yet (a stopping worker hands them back itself). */
  takeInterrupted(): Lease[] {
    return this.interrupted.splice(0);
  }
}
