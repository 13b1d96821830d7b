import { describe, expect, it } from 'vitest';
import { DeliveryQueues, type QueuedDelivery } from '../../src/webhooks/delivery-queues.js';

interface Item extends QueuedDelivery {
  name: string;
}
const item = (queueKey: string, name: string): Item => ({ queueKey, name, state: 'queued' });

describe('DeliveryQueues', () => {
  it('sends one item per queue at a time, in order, while queues take turns', () => {
    const queues = new DeliveryQueues<Item>();
    const [a1, a2, b1] = [item('a', 'a1'), item('a', 'a2'), item('b', 'b1')];
    for (const i of [a1, a2, b1]) queues.add(i);
    expect(queues.takeNext()?.name).toBe('a1');
    expect(queues.takeNext()?.name).toBe('b1');
    expect(queues.takeNext()).toBeUndefined(); // a2 waits for a1
    queues.remove(a1);
    expect(queues.takeNext()?.name).toBe('a2');
    queues.remove(a2);
    queues.remove(b1);
    expect(queues.size).toBe(0);
  });

  it('keeps a queue held while its head waits for a retry', () => {
    const queues = new DeliveryQueues<Item>();
    const [a1, a2] = [item('a', 'a1'), item('a', 'a2')];
    queues.add(a1);
    queues.add(a2);
    expect(queues.takeNext()).toBe(a1);
    queues.hold(a1);
    expect(queues.takeNext()).toBeUndefined();
    queues.requeue(a1);
    expect(queues.takeNext()).toBe(a1);
  });

  it('finds the oldest item not on the wire, and dropping a waiting head frees its queue', () => {
    const queues = new DeliveryQueues<Item>();
    const [a1, a2, b1] = [item('a', 'a1'), item('a', 'a2'), item('b', 'b1')];
    for (const i of [a1, a2, b1]) queues.add(i);
    queues.takeNext(); // a1 sending
    expect(queues.oldestNotSending()).toBe(a2);
    queues.hold(a1);
    expect(queues.oldestNotSending()).toBe(a1);
    queues.remove(a1);
    expect(queues.takeNext()).toBe(b1);
    expect(queues.takeNext()).toBe(a2);
    expect(queues.notSending()).toEqual([]);
  });
});
