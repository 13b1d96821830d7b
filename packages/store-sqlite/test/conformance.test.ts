import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { testStore } from '@trawl/core/testing';
import { createSqliteStore } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'trawl-sqlite-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

testStore(({ now }) => createSqliteStore({ path: join(dir, 'clocked.db'), now }), {
  name: 'sqlite store (injected clock)',
  usesClock: true,
});
testStore(() => createSqliteStore({ path: join(dir, 'real-time.db') }), { name: 'sqlite store (real time)' });
