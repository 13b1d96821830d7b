/**
 * What the queues need to know of a delivery. `sending` and `waiting` (for a retry) are only
 * ever the head of their queue: it holds the queue so no later event of the job overtakes it.
 */
export interface QueuedDelivery {
  readonly queueKey: string;
  state: 'queued' | 'sending' | 'waiting';
}

/**
 * Pending deliveries as one FIFO queue per (job, receiver): a queue sends one delivery at a
 * time, in order, while different queues take turns. Holds no timers and does no I/O.
 */
export class DeliveryQueues<T extends QueuedDelivery> {
  private readonly queues = new Map<string, T[]>();
  /** Queues whose head is queued, in the order they became ready (a fair round robin). */
  private readonly ready = new Set<string>();
  /** Every pending delivery; a Set iterates in insertion order, so the first is the oldest. */
  private readonly pending = new Set<T>();

  get size(): number {
    return this.pending.size;
  }

  add(item: T): void {
    item.state = 'queued';
    let queue = this.queues.get(item.queueKey);
    if (!queue) {
      queue = [];
      this.queues.set(item.queueKey, queue);
    }
    queue.push(item);
    this.pending.add(item);
    if (queue.length === 1) this.ready.add(item.queueKey);
  }

  /** The head of the next ready queue, now marked as sending; undefined when no queue is ready. */
  takeNext(): T | undefined {
    for (const key of this.ready) {
      this.ready.delete(key);
      const head = this.queues.get(key)?.[0];
      if (!head) continue;
      head.state = 'sending';
      return head;
    }
    return undefined;
  }

  /** A sending delivery will be retried later; its queue stays held until `requeue`. */
  hold(item: T): void {
    item.state = 'waiting';
  }

  requeue(item: T): void {
    if (!this.pending.has(item)) return;
    item.state = 'queued';
    this.ready.add(item.queueKey);
  }

  /** Takes a delivery out for good (delivered, given up or dropped) and frees its queue. */
  remove(item: T): void {
    if (!this.pending.delete(item)) return;
    const queue = this.queues.get(item.queueKey);
    if (!queue) return;
    const index = queue.indexOf(item); // near the front: only the head or a dropped old item leaves
    if (index !== -1) queue.splice(index, 1);
    const head = queue[0];
    if (!head) {
      this.queues.delete(item.queueKey);
      this.ready.delete(item.queueKey);
    } else if (head.state === 'queued') {
      this.ready.add(item.queueKey);
    }
  }

  /** The oldest delivery not on the wire (the one to drop when the queue is full). */
  oldestNotSending(): T | undefined {
    for (const item of this.pending) if (item.state !== 'sending') return item;
    return undefined;
  }

  notSending(): T[] {
    return [...this.pending].filter((item) => item.state !== 'sending');
  }
}
