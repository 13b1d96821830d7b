/** How long an ack holds its item beyond the ack, for a busy process to record and count the page. */
export const ACK_GRACE_MS = 10_000;
/** Acks no append or count claimed are completed once this old (well inside the grace). */
const SETTLE_AFTER_MS = 3_000;

export interface PendingAck {
  /** The lease's id: the BullMQ lock token of the page's BullMQ job. */
  leaseId: string;
  jobId: string;
  url: string;
  key: string;
}

/** Completes acked pages in BullMQ; resolves the acks it could not complete for a reason other than a lost lease. */
export type CompletePages = (acks: readonly PendingAck[]) => Promise<PendingAck[]>;

/**
 * acked: waiting for its page's result. appending: an append is recording it. recorded: the
 * result is in the log, waiting for the page's count. counting: a counter increment is claiming
 * it. completing: BullMQ is completing it.
 */
type Stage = 'acked' | 'appending' | 'recorded' | 'counting' | 'completing';

interface Held {
  ack: PendingAck;
  stage: Stage;
  /** The stage a completion started from, to go back to when it fails. */
  before?: Stage;
  /** Epoch ms the stage began (this process's clock). */
  since: number;
  /** Epoch ms the connection to Redis was lost while the page waited in `acked` or `recorded`. */
  interruptedAt?: number;
}

/**
 * The acks this process made and BullMQ has not completed yet.
 *
 * Core records a page in three calls: ack, append of its result, increment of the job's
 * counters. A process killed between two of them would leave the page half recorded, so here
 * the ack only holds the page's BullMQ lock a little longer; the append records the page's key
 * with its result (in one script), the increment marks it counted (in one script), and only then
 * is the BullMQ job completed. A process killed before the append loses the lock when the grace
 * ends and the page is crawled again; one killed between append and count leaves a recorded,
 * uncounted page, which is crawled again too, its result dropped as a duplicate and its count
 * made; one killed after the count leaves a counted page, which the next lease of it completes
 * without handing it out. Acks no append or count follows (a kickoff, a dropped page, a page of a
 * job that ended) are completed after a few seconds or at close. This process counts its own acks
 * as done until BullMQ has completed them.
 */
export class PendingAcks {
  private readonly byLease = new Map<string, Held>();
  /** Lease ids being acked right now, so two concurrent acks of one lease cannot both succeed. */
  private readonly reserved = new Set<string>();
  private readonly byPage = new Map<string, string>();
  private readonly perJob = new Map<string, number>();
  private readonly completions = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly completePages: CompletePages) {}

  /** Claims the lease for an ack in progress; false when it is acked, or being acked, already. */
  reserve(leaseId: string): boolean {
    if (this.holds(leaseId)) return false;
    this.reserved.add(leaseId);
    return true;
  }

  release(leaseId: string): void {
    this.reserved.delete(leaseId);
  }

  /** True when this process acked the lease (or is acking it) and BullMQ has not completed it yet. */
  holds(leaseId: string): boolean {
    return this.reserved.has(leaseId) || this.byLease.has(leaseId);
  }

  add(ack: PendingAck): void {
    this.reserved.delete(ack.leaseId);
    this.byLease.set(ack.leaseId, { ack, stage: 'acked', since: Date.now() });
    this.byPage.set(pageId(ack.jobId, ack.url), ack.leaseId);
    this.perJob.set(ack.jobId, (this.perJob.get(ack.jobId) ?? 0) + 1);
    this.timer ??= setInterval(() => void this.settle(Date.now() - SETTLE_AFTER_MS).catch(() => {}), SETTLE_AFTER_MS).unref();
  }

  /**
   * The connection to Redis was lost: the append or count that should follow an ack waiting now
   * may have failed with it, and core then runs the page again rather than record it. Such acks
   * must never be completed unrecorded (the page would be lost, or its result kept uncounted):
   * `settle` lets them go instead, and `handBack` gives them back at once.
   */
  interrupted(now = Date.now()): void {
    for (const held of this.byLease.values()) if (held.stage === 'acked' || held.stage === 'recorded') held.interruptedAt ??= now;
  }

  /**
   * Core hands back a lease whose handling an outage cut short: lets go of its ack if no append
   * or count is under way, so the page can run again. False when it is not held, or is busy.
   */
  handBack(leaseId: string): boolean {
    const held = this.byLease.get(leaseId);
    if (held?.stage !== 'acked' && held?.stage !== 'recorded') return false;
    this.remove(held.ack);
    return true;
  }

  /** Takes the ack of the page at `url` for an append to record; then `recorded` or, if the append failed, `abandon`. */
  take(jobId: string, url: string): PendingAck | undefined {
    const page = pageId(jobId, url);
    const leaseId = this.byPage.get(page);
    const held = leaseId === undefined ? undefined : this.byLease.get(leaseId);
    if (held?.stage !== 'acked') return undefined;
    this.byPage.delete(page);
    this.move(held, 'appending');
    return held.ack;
  }

  /**
   * Lets go of acks whose append or count failed (Redis went away mid-way): their pages must run
   * again, never be completed unrecorded. Their BullMQ locks lapse within the ack grace and the
   * stalled-job check puts them back (or `retry` does at once while the lock holds); a result that
   * did reach Redis is dropped as a duplicate when the page is recorded again, and its count made.
   */
  abandon(acks: readonly PendingAck[]): void {
    for (const ack of acks) this.remove(ack);
  }

  recorded(acks: readonly PendingAck[]): void {
    for (const ack of acks) this.moveIf(ack, 'appending', 'recorded');
  }

  /** Claims up to `count` recorded pages of the job for a counter increment; then `counted` or, if the increment failed, `abandon`. */
  claimForCount(jobId: string, count: number): PendingAck[] {
    const claimed: PendingAck[] = [];
    for (const held of this.byLease.values()) {
      if (claimed.length >= count) break;
      if (held.ack.jobId !== jobId || held.stage !== 'recorded') continue;
      this.move(held, 'counting');
      claimed.push(held.ack);
    }
    return claimed;
  }

  /** The pages are counted: completes them in the background, so the increment returns at once. */
  counted(acks: readonly PendingAck[]): void {
    const started = acks.filter((ack) => this.moveIf(ack, 'counting', 'completing'));
    for (const ack of started) this.byLease.get(ack.leaseId)!.before = 'recorded';
    if (started.length === 0) return;
    const completion: Promise<void> = this.run(started).finally(() => this.completions.delete(completion));
    this.completions.add(completion);
  }

  count(jobId: string): number {
    return this.perJob.get(jobId) ?? 0;
  }

  forget(jobId: string): void {
    for (const { ack } of [...this.byLease.values()]) if (ack.jobId === jobId) this.remove(ack);
  }

  /**
   * Completes the acks that waited since `before` or longer for their result or count (all of
   * them by default), and waits for every completion under way. An ack an outage interrupted
   * that long ago is let go instead: its page runs again (its lock lapses), where a result that
   * did reach Redis is dropped as a duplicate and its count made. Waiting as long after the
   * outage leaves a call that was resent on reconnect time to claim its page first.
   */
  async settle(before = Number.POSITIVE_INFINITY): Promise<void> {
    const due: PendingAck[] = [];
    for (const held of [...this.byLease.values()]) {
      if ((held.stage === 'acked' || held.stage === 'recorded') && held.since <= before) {
        if (held.interruptedAt !== undefined) {
          if (held.interruptedAt <= before) this.remove(held.ack);
          continue;
        }
        held.before = held.stage;
        this.move(held, 'completing');
        due.push(held.ack);
      }
    }
    await Promise.all([this.run(due), ...this.completions]);
    if (this.byLease.size === 0) this.stop();
  }

  /** Stops the settle timer; call after a final `settle()`. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Completes the acks; those failing for a passing reason (a connection) wait for the next settle. */
  private async run(acks: readonly PendingAck[]): Promise<void> {
    if (acks.length === 0) return;
    const left = new Set(await this.completePages(acks).catch(() => acks));
    for (const ack of acks) {
      const held = this.byLease.get(ack.leaseId);
      if (held?.stage !== 'completing') continue;
      if (left.has(ack)) this.move(held, held.before ?? 'recorded');
      else this.remove(ack);
    }
  }

  private move(held: Held, stage: Stage): void {
    held.stage = stage;
    held.since = Date.now();
    // A stage reached after the outage was reached by a call that worked.
    held.interruptedAt = undefined;
  }

  private moveIf(ack: PendingAck, from: Stage, to: Stage): boolean {
    const held = this.byLease.get(ack.leaseId);
    if (held?.stage !== from) return false;
    this.move(held, to);
    return true;
  }

  private remove(ack: PendingAck): void {
    if (!this.byLease.delete(ack.leaseId)) return;
    if (this.byPage.get(pageId(ack.jobId, ack.url)) === ack.leaseId) this.byPage.delete(pageId(ack.jobId, ack.url));
    const left = (this.perJob.get(ack.jobId) ?? 1) - 1;
    if (left > 0) this.perJob.set(ack.jobId, left);
    else this.perJob.delete(ack.jobId);
  }
}

function pageId(jobId: string, url: string): string {
  return JSON.stringify([jobId, url]);
}
