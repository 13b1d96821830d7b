import { Agent } from './undici-parts.js';
import { createGuardedLookup, type SsrfPolicy } from '../url/ssrf.js';

/**
 * Keep-alive connection pools, one per (TLS verification, SSRF policy) pair. The runtime holds
 * one (the default runtime's, shared by every runtime given no dispatcher of its own) and closes
 * it; reusing sockets is most of the speed of a crawl.
 */
export function createDispatcherPool(): { dispatcherFor(skipTlsVerification: boolean, policy: SsrfPolicy): Agent; close(): Promise<void> } {
  const agents = new Map<string, Agent>();
  return {
    dispatcherFor(skipTlsVerification, policy) {
      const key = JSON.stringify([skipTlsVerification, policy.blockPrivateNetworks, policy.allowHosts ?? []]);
      let agent = agents.get(key);
      if (!agent) {
        agent = newAgent(skipTlsVerification, policy);
        agents.set(key, agent);
      }
      return agent;
    },
    async close() {
      const all = [...agents.values()];
      agents.clear();
      await Promise.all(all.map((agent) => agent.close()));
    },
  };
}

/** A connection pool that checks each connection's address against the SSRF policy. */
export function newAgent(skipTlsVerification: boolean, policy: SsrfPolicy): Agent {
  return new Agent({
    keepAliveTimeout: 10_000,
    connections: 64,
    connect: {
      rejectUnauthorized: !skipTlsVerification,
      ...(policy.blockPrivateNetworks ? { lookup: createGuardedLookup(policy) } : {}),
    },
  });
}
