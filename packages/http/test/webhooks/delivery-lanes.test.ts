import { describe, expect, it } from 'vitest';
import { DeliveryLanes, type LaneItem } from '../../src/webhooks/delivery-lanes.js';

interface Item extends LaneItem {
  name: string;
}
const item = (laneKey: string, name: string): Item => ({ laneKey, name, state: 'queued' });

describe('DeliveryLanes', () => {
  it('sends one item per lane at a time, in order, while lanes take turns', () => {
    const lanes = new DeliveryLanes<Item>();
    const [a1, a2, b1] = [item('a', 'a1'), item('a', 'a2'), item('b', 'b1')];
    for (const i of [a1, a2, b1]) lanes.add(i);
    expect(lanes.takeNext()?.name).toBe('a1');
    expect(lanes.takeNext()?.name).toBe('b1');
    expect(lanes.takeNext()).toBeUndefined(); // a2 waits for a1
    lanes.remove(a1);
    expect(lanes.takeNext()?.name).toBe('a2');
    lanes.remove(a2);
    lanes.remove(b1);
    expect(lanes.size).toBe(0);
  });

  it('keeps a lane held while its head waits for a retry', () => {
    const lanes = new DeliveryLanes<Item>();
    const [a1, a2] = [item('a', 'a1'), item('a', 'a2')];
    lanes.add(a1);
    lanes.add(a2);
    expect(lanes.takeNext()).toBe(a1);
    lanes.hold(a1);
    expect(lanes.takeNext()).toBeUndefined();
    lanes.requeue(a1);
    expect(lanes.takeNext()).toBe(a1);
  });

  it('finds the oldest item not on the wire, and dropping a waiting head frees its lane', () => {
    const lanes = new DeliveryLanes<Item>();
    const [a1, a2, b1] = [item('a', 'a1'), item('a', 'a2'), item('b', 'b1')];
    for (const i of [a1, a2, b1]) lanes.add(i);
    lanes.takeNext(); // a1 sending
    expect(lanes.oldestNotSending()).toBe(a2);
    lanes.hold(a1);
    expect(lanes.oldestNotSending()).toBe(a1);
    lanes.remove(a1);
    expect(lanes.takeNext()).toBe(b1);
    expect(lanes.takeNext()).toBe(a2);
    expect(lanes.notSending()).toEqual([]);
  });
});
