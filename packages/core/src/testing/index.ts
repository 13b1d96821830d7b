export { testStore } from './test-store.js';
export type { StoreFactory, StoreFactoryContext, TestStoreOptions } from './harness.js';
