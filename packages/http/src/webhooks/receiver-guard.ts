import { BlockedAddressError, type SsrfPolicy } from '@trawl/core';
import { createGuardedLookup } from '@trawl/core/ports';
import { Agent } from 'undici';

/**
 * Receivers are guarded exactly like scrape targets: core's connect-time DNS lookup refuses
 * non-public addresses, which also defeats DNS rebinding between check and use.
 */
export { BlockedAddressError as BlockedReceiverError, createGuardedLookup as guardedLookup };

/** The connection pool of one sender; it never follows redirects (undici's `request` does not). */
export function receiverAgent(policy: SsrfPolicy, connections: number, connectTimeoutMs: number): Agent {
  return new Agent({
    connections,
    keepAliveTimeout: 10_000,
    connect: {
      timeout: connectTimeoutMs,
      ...(policy.blockPrivateNetworks ? { lookup: createGuardedLookup(policy) } : {}),
    },
  });
}
