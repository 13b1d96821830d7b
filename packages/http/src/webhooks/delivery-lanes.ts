/**
 * What the lanes need to know of a delivery. `sending` and `waiting` (for a retry) are only
 * ever the head of their lane: it holds the lane so no later event of the job overtakes it.
 */
export interface LaneItem {
  readonly laneKey: string;
  state: 'queued' | 'sending' | 'waiting';
}

/**
 * Pending deliveries as one FIFO lane per (job, receiver): a lane sends one delivery at a
 * time, in order, while different lanes take turns. Holds no timers and does no I/O.
 */
export class DeliveryLanes<T extends LaneItem> {
  private readonly lanes = new Map<string, T[]>();
  /** Lanes whose head is queued, in the order they became ready (a fair round robin). */
  private readonly ready = new Set<string>();
  /** Every pending delivery; a Set iterates in insertion order, so the first is the oldest. */
  private readonly pending = new Set<T>();

  get size(): number {
    return this.pending.size;
  }

  add(item: T): void {
    item.state = 'queued';
    let lane = this.lanes.get(item.laneKey);
    if (!lane) {
      lane = [];
      this.lanes.set(item.laneKey, lane);
    }
    lane.push(item);
    this.pending.add(item);
    if (lane.length === 1) this.ready.add(item.laneKey);
  }

  /** The head of the next ready lane, now marked as sending; undefined when no lane is ready. */
  takeNext(): T | undefined {
    for (const key of this.ready) {
      this.ready.delete(key);
      const head = this.lanes.get(key)?.[0];
      if (!head) continue;
      head.state = 'sending';
      return head;
    }
    return undefined;
  }

  /** A sending delivery will be retried later; its lane stays held until `requeue`. */
  hold(item: T): void {
    item.state = 'waiting';
  }

  requeue(item: T): void {
    if (!this.pending.has(item)) return;
    item.state = 'queued';
    this.ready.add(item.laneKey);
  }

  /** Takes a delivery out for good (delivered, given up or dropped) and frees its lane. */
  remove(item: T): void {
    if (!this.pending.delete(item)) return;
    const lane = this.lanes.get(item.laneKey);
    if (!lane) return;
    const index = lane.indexOf(item); // near the front: only the head or a dropped old item leaves
    if (index !== -1) lane.splice(index, 1);
    const head = lane[0];
    if (!head) {
      this.lanes.delete(item.laneKey);
      this.ready.delete(item.laneKey);
    } else if (head.state === 'queued') {
      this.ready.add(item.laneKey);
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
