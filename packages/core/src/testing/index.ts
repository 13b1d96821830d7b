export { testStore } from './test-store.js';
export type { FrontierCapabilities, StoreFactory, StoreFactoryContext, TestStoreOptions } from './harness.js';
