/** A value that records its own slot, so the heap finds it without a lookup table. */
export interface HeapSlot {
  /** Position in the heap holding the value, or -1; only that heap writes it. */
  heapIndex: number;
}

/**
 * A binary min-heap that knows where each value sits, so that removing or re-positioning any
 * value is O(log n) instead of a scan. A value belongs to at most one heap at a time.
 */
export class IndexedHeap<T extends HeapSlot> {
  private readonly values: T[] = [];

  /** `before(a, b)` is true when `a` must leave the heap before `b`. */
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.values.length;
  }

  has(value: T): boolean {
    return this.values[value.heapIndex] === value;
  }

  peek(): T | undefined {
    return this.values[0];
  }

  push(value: T): void {
    if (value.heapIndex !== -1) throw new Error('IndexedHeap: value already in a heap');
    this.values.push(value);
    this.siftUp(this.values.length - 1);
  }

  pop(): T | undefined {
    const top = this.values[0];
    if (top !== undefined) this.remove(top);
    return top;
  }

  /** Removes `value` if present; true when it was. */
  remove(value: T): boolean {
    if (!this.has(value)) return false;
    const index = value.heapIndex;
    value.heapIndex = -1;
    const last = this.values.pop() as T;
    if (index < this.values.length) {
      this.place(last, index);
      this.restore(index);
    }
    return true;
  }

  /** Re-positions `value` after its ordering changed, inserting it when absent. */
  upsert(value: T): void {
    if (this.has(value)) this.restore(value.heapIndex);
    else this.push(value);
  }

  clear(): void {
    for (const value of this.values) value.heapIndex = -1;
    this.values.length = 0;
  }

  private restore(index: number): void {
    if (this.siftUp(index) === index) this.siftDown(index);
  }

  private siftUp(start: number): number {
    let index = start;
    const value = this.values[index] as T;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = this.values[parentIndex] as T;
      if (!this.before(value, parent)) break;
      this.place(parent, index);
      index = parentIndex;
    }
    this.place(value, index);
    return index;
  }

  private siftDown(start: number): void {
    let index = start;
    const value = this.values[index] as T;
    const length = this.values.length;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      const child = right < length && this.before(this.values[right] as T, this.values[left] as T) ? right : left;
      const childValue = this.values[child] as T;
      if (!this.before(childValue, value)) break;
      this.place(childValue, index);
      index = child;
    }
    this.place(value, index);
  }

  private place(value: T, index: number): void {
    this.values[index] = value;
    value.heapIndex = index;
  }
}
