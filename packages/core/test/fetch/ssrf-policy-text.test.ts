import { describe, expect, it } from 'vitest';
import { describeSsrfPolicy, OPEN_POLICY, STRICT_POLICY } from '../../src/url/ssrf.js';

describe('describeSsrfPolicy', () => {
  it('says whether private networks are refused, and which hosts are let through', () => {
    expect(describeSsrfPolicy(OPEN_POLICY)).toBe('private networks: allowed (SSRF guard off: any address may be fetched)');
    expect(describeSsrfPolicy(STRICT_POLICY)).toBe(
      'private networks: blocked (SSRF guard on: loopback, private, link-local and metadata addresses are refused)',
    );
    expect(describeSsrfPolicy({ blockPrivateNetworks: true, allowHosts: ['intranet.test', '10.0.0.5'] })).toMatch(
      /; allowed hosts: intranet\.test, 10\.0\.0\.5\)$/,
    );
  });
});
