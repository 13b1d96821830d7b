import type { Document } from '../document.js';

/**
 * Hands documents from a running job to one `for await` consumer with backpressure: once
 * `highWaterMark` documents wait unread, producers pause until the consumer catches up. Before a
 * consumer attaches (and when none ever does), documents are not buffered at all, so a job that
 * is only awaited, or observed through events, holds no documents in memory.
 */
export class DocumentChannel implements AsyncIterable<Document> {
  private readonly buffer: Document[] = [];
  private attached = false;
  private closed = false;
  private failure: unknown;
  private wakeConsumer?: () => void;
  private wakeProducers: Array<() => void> = [];

  constructor(private readonly highWaterMark = 32) {}

  async push(doc: Document): Promise<void> {
    if (!this.attached || this.closed) return;
    this.buffer.push(doc);
    this.wakeConsumer?.();
    while (this.attached && !this.closed && this.buffer.length >= this.highWaterMark) {
      await new Promise<void>((resolve) => this.wakeProducers.push(resolve));
    }
  }

  /** Ends iteration once the buffer is drained; with an error, iteration throws it after that. */
  close(error?: unknown): void {
    this.closed = true;
    this.failure = error;
    this.wakeConsumer?.();
    this.releaseProducers();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Document> {
    if (this.attached) throw new Error('A job can be iterated by one consumer only');
    this.attached = true;
    try {
      for (;;) {
        const next = this.buffer.shift();
        if (next) {
          if (this.buffer.length < this.highWaterMark) this.releaseProducers();
          yield next;
          continue;
        }
        if (this.closed) break;
        await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
        this.wakeConsumer = undefined;
      }
      if (this.failure) throw this.failure;
    } finally {
      // A consumer that stops early (break) must not leave producers waiting forever.
      this.attached = false;
      this.buffer.length = 0;
      this.releaseProducers();
    }
  }

  private releaseProducers(): void {
    const waiting = this.wakeProducers;
    this.wakeProducers = [];
    for (const resolve of waiting) resolve();
  }
}
