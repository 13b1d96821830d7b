import { Agent } from './undici-parts.js';
import { createGuardedLookup, type SsrfPolicy } from '../url/ssrf.js';

const agents = new Map<string, Agent>();

/**
 * One keep-alive connection pool per (TLS verification, SSRF policy) pair, shared by every
 * scrape in the process: reusing sockets is most of the speed of a crawl.
 */
export function dispatcherFor(skipTlsVerification: boolean, policy: SsrfPolicy): Agent {
  const key = JSON.stringify([skipTlsVerification, policy.blockPrivateNetworks, policy.allowHosts ?? []]);
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      keepAliveTimeout: 10_000,
      connections: 64,
      connect: {
        rejectUnauthorized: !skipTlsVerification,
        ...(policy.blockPrivateNetworks ? { lookup: createGuardedLookup(policy) } : {}),
      },
    });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes every pooled connection (lets a short-lived process exit promptly). */
export async function closeDispatchers(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((a) => a.close()));
}
