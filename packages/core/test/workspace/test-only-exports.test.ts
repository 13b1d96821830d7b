import { describe, expect, it } from 'vitest';
import { findTestOnlyExports } from '../../../../scripts/test-only-exports.js';

// Tests run the production path: code that only tests call proves nothing about what users run.
describe('the workspace', () => {
  it('has no production export or module that only tests use', () => {
    expect(findTestOnlyExports()).toEqual([]);
  }, 120_000);
});
