import { expect } from 'vitest';
import type { TestApi } from './api-server.js';

/**
 * Another team's small request (its credit usage), one after another every 50 ms while `work`
 * runs: the milliseconds each waited, to show that `work` does not hold the event loop.
 */
export async function canaryWaits(api: TestApi, token: string, work: Promise<unknown>): Promise<number[]> {
  let done = false;
  void work.then(
    () => (done = true),
    () => (done = true),
  );
  const waits: number[] = [];
  while (!done) {
    const started = performance.now();
    expect((await api.request('GET', '/v1/team/credit-usage', { token })).status).toBe(200);
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return waits;
}
