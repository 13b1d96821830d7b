import type { Scripts } from './scripts.js';

/** Least time a provisional ack holds its item beyond the ack, for a busy process to record the page. */
export const ACK_GRACE_MS = 10_000;
/** Provisional acks no append claimed are made done once this old (well inside the grace). */
const SETTLE_AFTER_MS = 3_000;

export interface PendingAck {
  key: string;
  leaseId: string;
  /** Epoch ms of the ack (this process's clock). */
  at: number;
}

/**
 * The provisional acks this process made and has not made done yet, by job and page URL.
 *
 * Core acks a page, then appends its result: two calls, and a process killed between them would
 * leave a page done without a result. So an ack here only reserves the item (other processes see
 * it as leased); the append of that page's result makes it done in the same script. Acks that no
 * result follows (a kickoff, a dropped page) are made done after a few seconds or at close. This
 * process already counts its own provisional acks as done (see RedisFrontier.stats/isDrained).
 */
export class PendingAcks {
  private readonly byJob = new Map<string, Map<string, PendingAck>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly scripts: Scripts,
    private readonly prefix: string,
  ) {}

  add(jobId: string, url: string, ack: PendingAck): void {
    let acks = this.byJob.get(jobId);
    if (!acks) {
      acks = new Map();
      this.byJob.set(jobId, acks);
    }
    acks.set(url, ack);
    this.timer ??= setInterval(() => void this.settle(Date.now() - SETTLE_AFTER_MS).catch(() => {}), SETTLE_AFTER_MS).unref();
  }

  /** Takes the pending ack of the page at `url`, for an append to make done with its result. */
  take(jobId: string, url: string): PendingAck | undefined {
    const acks = this.byJob.get(jobId);
    const ack = acks?.get(url);
    if (ack) {
      acks!.delete(url);
      if (acks!.size === 0) this.byJob.delete(jobId);
    }
    return ack;
  }

  count(jobId: string): number {
    return this.byJob.get(jobId)?.size ?? 0;
  }

  forget(jobId: string): void {
    this.byJob.delete(jobId);
  }

  /** Makes done every pending ack made at or before `before` (all of them by default). */
  async settle(before = Number.POSITIVE_INFINITY): Promise<void> {
    await Promise.all(
      [...this.byJob].map(async ([jobId, acks]) => {
        const due = [...acks].filter(([, ack]) => ack.at <= before);
        if (due.length === 0) return;
        for (const [url] of due) acks.delete(url);
        if (acks.size === 0) this.byJob.delete(jobId);
        try {
          await this.scripts.finalizeAcks(this.prefix, jobId, ...due.flatMap(([, ack]) => [ack.key, ack.leaseId]));
        } catch (error) {
          for (const [url, ack] of due) this.add(jobId, url, ack);
          throw error;
        }
      }),
    );
    if (this.byJob.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
