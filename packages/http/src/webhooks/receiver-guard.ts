import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isNonPublicAddress, type SsrfPolicy } from '@trawl/core';
import { Agent } from 'undici';

/** Raised at connect time when a receiver's name resolves to an address the policy forbids. */
export class BlockedReceiverError extends Error {
  override readonly name = 'BlockedReceiverError';
  readonly code = 'ERR_TRAWL_BLOCKED_RECEIVER';
  constructor(host: string, address: string) {
    super(`webhook receiver ${host} resolves to ${address}, a private, loopback or link-local address that the SSRF policy blocks`);
  }
}

export function isAllowedHost(host: string, policy: SsrfPolicy): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return policy.allowHosts?.some((allowed) => allowed.toLowerCase() === bare) ?? false;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` for sockets that refuses non-public addresses. Checking when the socket
 * connects (not only before the request) defeats DNS rebinding between check and use.
 */
export function guardedLookup(policy: SsrfPolicy) {
  return function lookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (policy.blockPrivateNetworks && !isAllowedHost(hostname, policy)) {
        const blocked = addresses.find((entry) => isNonPublicAddress(entry.address));
        if (blocked) return callback(new BlockedReceiverError(hostname, blocked.address), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** The connection pool of one sender; it never follows redirects (undici's `request` does not). */
export function receiverAgent(policy: SsrfPolicy, connections: number, connectTimeoutMs: number): Agent {
  return new Agent({
    connections,
    keepAliveTimeout: 10_000,
    connect: {
      timeout: connectTimeoutMs,
      ...(policy.blockPrivateNetworks ? { lookup: guardedLookup(policy) } : {}),
    },
  });
}
