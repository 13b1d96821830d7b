import { testStore } from '@trawl/core/testing';
import { createMemoryStore } from '../../src/stores/memory/index.js';

testStore(({ now }) => createMemoryStore({ now }), { name: 'memory store (injected clock)', usesClock: true });
testStore(() => createMemoryStore(), { name: 'memory store (real time)' });
