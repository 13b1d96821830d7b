import { describe, expect, it } from 'vitest';
import { WorkerSlots } from '../../src/fairness/worker-slots.js';

describe("a worker's slots between teams", () => {
  it('gives a team alone every slot, and all but one once another team has had a page', () => {
    const slots = new WorkerSlots(4);
    slots.start('a');
    expect(slots.roomOf('a')).toBe(3);
    slots.start('b');
    slots.end('b');
    // B came within the last 30 s: A holds at most 3 of 4, whatever B runs now.
    expect(slots.roomOf('a')).toBe(2);
    expect(slots.roomOf('b')).toBe(3);
  });

  it('holds a team to its share while another team was seen within the window, then frees it', () => {
    const slots = new WorkerSlots(3, 1, 0);
    slots.start('a');
    slots.start('b');
    expect(slots.roomOf('a')).toBe(0);
    slots.end('b');
    // A zero window: B gone, A is alone again and may fill every slot.
    expect(slots.roomOf('a')).toBe(2);
  });

  it('keeps a share within the slots and refuses one of none', () => {
    expect(new WorkerSlots(2, 5).perTeam).toBe(2);
    expect(new WorkerSlots(1).perTeam).toBe(1);
    expect(() => new WorkerSlots(2, 0)).toThrow(/perTeam must be a whole number/);
  });
});
