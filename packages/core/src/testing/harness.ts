import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach } from 'vitest';
import type { Store } from '../ports/store.js';

/** What the suite hands a store factory. */
export interface StoreFactoryContext {
  /** The clock a store should read when it accepts one (see `TestStoreOptions.usesClock`). */
  now: () => number;
}

/** Makes a fresh store for one test. A store over shared storage need not be empty: ids are unique per test. */
export type StoreFactory = (context: StoreFactoryContext) => Store | Promise<Store>;

export interface TestStoreOptions {
  /** Title of the top-level `describe` (default "Store conformance"). */
  name?: string;
  /**
   * True when the store reads time only from `context.now`. The suite then moves a fake clock
   * instead of sleeping; otherwise it waits in real time (a few hundred ms in all).
   */
  usesClock?: boolean;
}

/** Per-test access to the store under test and to time. */
export interface Harness {
  store(): Store;
  /** The time the store sees now (epoch ms). */
  now(): number;
  /** Lets `ms` pass for the store: moves the fake clock, or sleeps. */
  elapse(ms: number): Promise<void>;
  /** A fresh id, so tests never collide even on shared storage. */
  id(prefix: string): string;
}

export function useHarness(makeStore: StoreFactory, options: TestStoreOptions): Harness {
  let current: Store | undefined;
  let fakeNow = Date.now();
  const now = options.usesClock ? () => fakeNow : () => Date.now();

  beforeEach(async () => {
    fakeNow = Date.now();
    current = await makeStore({ now });
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });

  return {
    store() {
      if (!current) throw new Error('The store is only available inside a test');
      return current;
    },
    now,
    async elapse(ms) {
      if (options.usesClock) fakeNow += ms;
      else await new Promise((resolve) => setTimeout(resolve, ms));
    },
    id(prefix) {
      return `${prefix}-${randomUUID()}`;
    },
  };
}
