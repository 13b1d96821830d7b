import { describe } from 'vitest';
import { describeCredits } from './credits-contract.js';
import { describeFrontierLeases } from './frontier-lease-contract.js';
import { describeFrontierQueue } from './frontier-queue-contract.js';
import { useHarness, type StoreFactory, type TestStoreOptions } from './harness.js';
import { describeJobs } from './jobs-contract.js';
import { describeLifecycle } from './lifecycle-contract.js';
import { describeMonitors } from './monitors-contract.js';
import { describeNulContent } from './nul-content-contract.js';
import { describePageMemory } from './page-memory-contract.js';
import { describeRateLimits } from './rate-limit-contract.js';
import { describeResults } from './results-contract.js';
import { describeUsage } from './usage-contract.js';

/**
 * Registers the Store conformance suite with vitest: call it at the top level of a test file.
 * A store is correct when every test passes; see docs/adapters.md for what each one checks.
 */
export function testStore(makeStore: StoreFactory, options: TestStoreOptions = {}): void {
  describe(options.name ?? 'Store conformance', () => {
    const harness = useHarness(makeStore, options);
    describeJobs(harness);
    describeResults(harness);
    describeNulContent(harness);
    describeFrontierQueue(harness);
    describeFrontierLeases(harness);
    describeCredits(harness, makeStore, options.sharedStorage ?? false);
    describeRateLimits(harness);
    describeUsage(harness, makeStore, options.sharedStorage ?? false);
    describePageMemory(harness);
    describeMonitors(harness, makeStore, options.sharedStorage ?? false);
    describeLifecycle(harness, makeStore);
  });
}
