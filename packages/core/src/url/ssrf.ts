import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Which network targets a scrape may reach. The server blocks private networks by default so a
 * caller cannot make it read intranet services or cloud metadata endpoints; the library and the
 * one-shot CLI commands, run by the person whose network it is, do not (docs/self-hosting.md).
 */
export interface SsrfPolicy {
  /** Refuse loopback, private, link-local, carrier-grade NAT, metadata and other non-public addresses. */
  blockPrivateNetworks: boolean;
  /** Host names or IP literals that stay reachable even when private networks are blocked. */
  allowHosts?: string[];
}

/** How to lift the block, the same words in every refusal (the fetch engine's, the browser's, the webhook sender's). */
export const ALLOW_PRIVATE_NETWORK_HINT =
  'To allow private networks: --allow-private-network or TRAWL_ALLOW_PRIVATE_NETWORK=true for trawl serve, trawl worker and trawl mcp, ' +
  'allowPrivateNetwork for createServer(), ssrf: false in the library.';

export const OPEN_POLICY: SsrfPolicy = { blockPrivateNetworks: false };
export const STRICT_POLICY: SsrfPolicy = { blockPrivateNetworks: true };

/** The policy in one line, for the start-up output of servers and workers. */
export function describeSsrfPolicy(policy: SsrfPolicy): string {
  if (!policy.blockPrivateNetworks) return 'private networks: allowed (SSRF guard off: any address may be fetched)';
  const allowed = policy.allowHosts?.length ? `; allowed hosts: ${policy.allowHosts.join(', ')}` : '';
  return `private networks: blocked (SSRF guard on: loopback, private, link-local and metadata addresses are refused${allowed})`;
}

export function toSsrfPolicy(value: SsrfPolicy | boolean | undefined): SsrfPolicy {
  if (value === undefined || value === false) return OPEN_POLICY;
  if (value === true) return STRICT_POLICY;
  return value;
}

/** True when the address is not a public unicast address (so a guarded fetch must refuse it). */
export function isNonPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // IPv4-mapped and NAT64-style addresses reach IPv4 hosts: judge the embedded IPv4 address.
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() !== 'unicast';
}

export function isHostAllowedByPolicy(host: string, policy: SsrfPolicy): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return policy.allowHosts?.some((h) => h.toLowerCase() === bare) ?? false;
}

export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address. ${ALLOW_PRIVATE_NETWORK_HINT}`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` replacement for socket connections that refuses non-public addresses at connect
 * time. Checking here (not only before the request) also covers redirects and DNS rebinding.
 */
export function createGuardedLookup(policy: SsrfPolicy) {
  return function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      if (policy.blockPrivateNetworks && !isHostAllowedByPolicy(hostname, policy)) {
        const bad = list.find((a) => isNonPublicAddress(a.address));
        if (bad) return callback(new BlockedAddressError(hostname, bad.address), []);
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
