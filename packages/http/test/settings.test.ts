import { describe, expect, it } from 'vitest';
import { isLoopbackHost, openAccessProblem } from '@trawl/http';

// The server's settings are read through core's settings table (core/test/settings).
describe('open access', () => {
  it('runs without keys only on a loopback host', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(isLoopbackHost(host)).toBe(true);
      expect(openAccessProblem(host, false)).toBeUndefined();
    }
    expect(openAccessProblem('0.0.0.0', false)).toMatch(/Refusing to serve the API on 0\.0\.0\.0 without API keys.*TRAWL_API_KEYS/);
    expect(openAccessProblem('10.0.0.5', false)).toBeDefined();
    expect(openAccessProblem('0.0.0.0', true)).toBeUndefined();
  });
});
