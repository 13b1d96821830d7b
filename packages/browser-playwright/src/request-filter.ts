import type { BrowserContext, Route } from 'playwright-core';
import type { HostMatcher } from './ad-hosts.js';

export interface RequestFilterOptions {
  /** Hosts to refuse (blockAds); undefined lets everything through. */
  adHosts: HostMatcher | undefined;
  /** Sent on requests to the target's own site only. */
  siteHeaders: Record<string, string>;
  /** Sent on every request (Accept-Language of an emulated location). */
  everyRequestHeaders: Record<string, string>;
  /** Refuse images, media and fonts: nothing will be looked at, so only the HTML matters. */
  skipMedia: boolean;
  targetUrl: string;
}

const MEDIA = new Set(['image', 'media', 'font']);

/**
 * Every request of the context passes here: ad and tracker hosts (and media, when nothing is drawn)
 * are refused, the caller's headers added. Installed once per context; `current` gives the settings
 * of the scrape the context serves now (a warm context serves one scrape after another).
 */
export async function installRequestFilter(context: BrowserContext, current: () => RequestFilterOptions): Promise<void> {
  await context.route('**/*', (route: Route) => filter(route, current()).catch(() => undefined));
}

// A route can outlive its page (the context closes mid-request): that failure is nobody's concern.
async function filter(route: Route, options: RequestFilterOptions): Promise<void> {
  const request = route.request();
  let host: string;
  try {
    host = new URL(request.url()).hostname;
  } catch {
    return route.continue();
  }
  if (options.adHosts?.matches(host) || (options.skipMedia && MEDIA.has(request.resourceType()))) {
    return route.abort('blockedbyclient');
  }
  const ownSite = Object.keys(options.siteHeaders).length > 0 && sameSite(host, new URL(options.targetUrl).hostname);
  if (!ownSite && Object.keys(options.everyRequestHeaders).length === 0) return route.continue();
  const headers = { ...request.headers(), ...options.everyRequestHeaders, ...(ownSite ? options.siteHeaders : {}) };
  return route.continue({ headers });
}

/** The target host, its subdomains, or a parent domain of it (www.example.com and example.com). */
function sameSite(host: string, target: string): boolean {
  return host === target || host.endsWith(`.${target}`) || target.endsWith(`.${host}`);
}
