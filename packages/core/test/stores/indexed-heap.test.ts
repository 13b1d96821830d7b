import { describe, expect, it } from 'vitest';
import { IndexedHeap } from '../../src/stores/memory/indexed-heap.js';

interface Box {
  id: number;
  priority: number;
  heapIndex: number;
}

/** A small deterministic PRNG so failures reproduce. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const byPriority = (a: Box, b: Box) => a.priority < b.priority || (a.priority === b.priority && a.id < b.id);

function smallest(boxes: Iterable<Box>): Box | undefined {
  let best: Box | undefined;
  for (const box of boxes) if (!best || byPriority(box, best)) best = box;
  return best;
}

describe('IndexedHeap', () => {
  it('pops in order', () => {
    const heap = new IndexedHeap<Box>(byPriority);
    for (const priority of [5, 1, 4, 1, 3, 9, 2]) heap.push({ id: heap.size, priority, heapIndex: -1 });
    const popped: number[] = [];
    for (let box = heap.pop(); box; box = heap.pop()) popped.push(box.priority);
    expect(popped).toEqual([1, 1, 2, 3, 4, 5, 9]);
    expect(heap.size).toBe(0);
  });

  it('removes and re-positions any value, matching a sorted model over random operations', () => {
    const next = random(42);
    const heap = new IndexedHeap<Box>(byPriority);
    const model = new Set<Box>();
    let id = 0;
    for (let step = 0; step < 3000; step++) {
      const roll = next();
      const values = [...model];
      const pick = values[Math.floor(next() * values.length)];
      if (roll < 0.45 || !pick) {
        const box = { id: id++, priority: Math.floor(next() * 100), heapIndex: -1 };
        heap.push(box);
        model.add(box);
      } else if (roll < 0.65) {
        const expected = smallest(model);
        const popped = heap.pop();
        expect(popped).toBe(expected);
        model.delete(popped as Box);
      } else if (roll < 0.85) {
        expect(heap.remove(pick)).toBe(true);
        model.delete(pick);
        expect(heap.remove(pick)).toBe(false);
      } else {
        pick.priority = Math.floor(next() * 100);
        heap.upsert(pick);
      }
      expect(heap.size).toBe(model.size);
      expect(heap.peek()).toBe(smallest(model));
    }
  });

  it('compares at most twice per level of the heap in any one operation, never scanning its values', () => {
    let comparisons = 0;
    const heap = new IndexedHeap<Box>((a, b) => {
      comparisons++;
      return byPriority(a, b);
    });
    const next = random(7);
    const boxes: Box[] = [];
    let most = 0;
    const count = (operation: () => void) => {
      comparisons = 0;
      operation();
      most = Math.max(most, comparisons);
    };
    for (let id = 0; id < 100_000; id++) {
      const box = { id, priority: Math.floor(next() * 1_000_000), heapIndex: -1 };
      boxes.push(box);
      count(() => heap.push(box));
    }
    for (let i = 0; i < 20_000; i++) {
      const box = boxes[Math.floor(next() * boxes.length)] as Box;
      if (i % 2 === 0) {
        box.priority = Math.floor(next() * 1_000_000);
        count(() => heap.upsert(box));
      } else if (heap.has(box)) count(() => heap.remove(box));
    }
    while (heap.size > 0) count(() => heap.pop());
    // 100,000 values make 17 levels; a sift up costs one comparison a level, a sift down two.
    const levels = Math.ceil(Math.log2(100_001));
    expect(most).toBeLessThanOrEqual(2 * levels);
  });

  it('refuses a value already in a heap and inserts on upsert when absent', () => {
    const heap = new IndexedHeap<Box>(byPriority);
    const box = { id: 1, priority: 1, heapIndex: -1 };
    heap.upsert(box);
    expect(heap.has(box)).toBe(true);
    expect(() => heap.push(box)).toThrow();
    expect(() => new IndexedHeap<Box>(byPriority).push(box)).toThrow();
  });
});
