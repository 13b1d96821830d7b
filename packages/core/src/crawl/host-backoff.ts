/**
 * A crawl's back-off from hosts that answer with block pages (challenges, captchas, refusals,
 * rate limits): each block page in a row on a host doubles the pause its next request waits
 * (1 s, 2 s, 4 s… up to a minute); a page that comes back whole ends the run. Politeness
 * (politeness.ts) applies the pause; this only counts. Per job and per process: every worker
 * of a job backs off on what it sees itself.
 */
export interface HostBackoff {
  /** Counts a block page on the URL's host; resolves the pause its next request should wait, in ms. */
  strike(url: string): number;
  /** A whole page came back from the URL's host: the count starts again. */
  clear(url: string): void;
}

const FIRST_PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 60_000;
/** Hosts remembered at most; the oldest are forgotten first (a crawl over many hosts stays bounded). */
const MAX_HOSTS = 10_000;

export function createHostBackoff(): HostBackoff {
  const strikes = new Map<string, number>();
  return {
    strike(url) {
      const host = hostOf(url);
      const count = (strikes.get(host) ?? 0) + 1;
      strikes.delete(host);
      strikes.set(host, count);
      if (strikes.size > MAX_HOSTS) strikes.delete(strikes.keys().next().value!);
      return Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (count - 1));
    },
    clear(url) {
      if (strikes.size) strikes.delete(hostOf(url));
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
