import { getDomain } from 'tldts';

/** Host names of social networks and mail/calendar services a content crawl never wants to follow. */
const SOCIAL_HOSTS = [
  'facebook.com',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'instagram.com',
  'pinterest.com',
  'github.com',
  'calendly.com',
  'discord.gg',
  'discord.com',
];

export function withoutWww(hostname: string): string {
  return hostname.startsWith('www.') ? hostname.slice(4) : hostname;
}

/** Same host name, ignoring a leading `www.`, the scheme and the port (Firecrawl's "internal" link). */
export function isSameHost(a: URL, b: URL): boolean {
  return withoutWww(a.hostname) === withoutWww(b.hostname);
}

/**
 * The registrable domain (eTLD+1) from the public suffix list, private suffixes included so
 * that `alice.github.io` and `bob.github.io` stay different sites. IPs and single-label hosts
 * (localhost) are their own domain.
 */
export function registrableDomain(hostname: string): string {
  return getDomain(hostname, { allowPrivateDomains: true }) ?? hostname;
}

export function isSameRegistrableDomain(a: URL, b: URL): boolean {
  return registrableDomain(a.hostname) === registrableDomain(b.hostname);
}

export function isSocialMediaHost(hostname: string): boolean {
  const host = withoutWww(hostname);
  return SOCIAL_HOSTS.some((social) => host === social || host.endsWith(`.${social}`));
}
