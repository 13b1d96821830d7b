import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Store } from '../ports/store.js';

/** What the suite hands a store factory. */
export interface StoreFactoryContext {
  /** The clock a store should read when it accepts one (see `TestStoreOptions.usesClock`). */
  now: () => number;
}

/** Makes a fresh store for one test. A store over shared storage need not be empty: ids are unique per test. */
export type StoreFactory = (context: StoreFactoryContext) => Store | Promise<Store>;

/**
 * Where a store's frontier may differ from the strictest reading of the contract, declared by the
 * store and checked in their weaker form. The defaults are the strict behaviour; core needs only
 * what holds either way: never two live leases of an item, a stale ack refused, a lapsed lease's
 * item leased again within a bounded time, a key never accepted twice, the limit exact.
 */
export interface FrontierCapabilities {
  /**
   * True (default) when the ack of a lease past its deadline is still taken while nobody leased
   * its item since. False when such an ack is refused and the item is handed out again.
   */
  acceptsLapsedAck?: boolean;
  /**
   * True (default) when a retried item goes back to its original place in the job's order.
   * False when it goes back to the queue at a place of the store's choosing.
   */
  retryKeepsOrder?: boolean;
  /**
   * How long after its deadline a lapsed lease may still read as leased before its item is
   * pending again (default 0: at once). The suite polls for up to this long, in real time.
   */
  maxExpiryRecoveryMs?: number;
  /**
   * True when lease deadlines and `notBefore` follow real time even though the store reads
   * `context.now` for everything else (default false). The suite then sleeps for lease tests.
   */
  realTimeLeases?: boolean;
}

export interface TestStoreOptions {
  /** Title of the top-level `describe` (default "Store conformance"). */
  name?: string;
  /**
   * True when the store reads time only from `context.now`. The suite then moves a fake clock
   * instead of sleeping; otherwise it waits in real time (a few hundred ms in all).
   */
  usesClock?: boolean;
  /** What the store's frontier offers where the contract allows a choice (default: the strict behaviour). */
  frontier?: FrontierCapabilities;
  /**
   * True when two stores the factory makes share their data, as two API nodes on one Redis or
   * database do. The suite then also spends one team's credits through two instances at once.
   */
  sharedStorage?: boolean;
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
  /** The frontier's declared capabilities, defaults filled in. */
  readonly frontier: Required<FrontierCapabilities>;
  /** The time lease deadlines and `notBefore` are measured in (epoch ms). */
  leaseNow(): number;
  /** Lets `ms` pass for leases and delays. */
  elapseLeases(ms: number): Promise<void>;
  /** Runs `check` until it passes, for up to `maxExpiryRecoveryMs` of real time (once when that is 0). */
  afterExpiry(check: () => Promise<void>): Promise<void>;
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

  const frontier: Required<FrontierCapabilities> = {
    acceptsLapsedAck: options.frontier?.acceptsLapsedAck ?? true,
    retryKeepsOrder: options.frontier?.retryKeepsOrder ?? true,
    maxExpiryRecoveryMs: options.frontier?.maxExpiryRecoveryMs ?? 0,
    realTimeLeases: options.frontier?.realTimeLeases ?? false,
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const harness: Harness = {
    store() {
      if (!current) throw new Error('The store is only available inside a test');
      return current;
    },
    now,
    async elapse(ms) {
      if (options.usesClock) fakeNow += ms;
      else await sleep(ms);
    },
    id(prefix) {
      return `${prefix}-${randomUUID()}`;
    },
    frontier,
    leaseNow() {
      return frontier.realTimeLeases ? Date.now() : now();
    },
    async elapseLeases(ms) {
      if (frontier.realTimeLeases) await sleep(ms);
      else await harness.elapse(ms);
    },
    async afterExpiry(check) {
      if (frontier.maxExpiryRecoveryMs === 0) await check();
      else await vi.waitFor(check, { timeout: frontier.maxExpiryRecoveryMs, interval: 50 });
    },
  };
  return harness;
}
