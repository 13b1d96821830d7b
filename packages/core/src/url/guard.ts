import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { TrawlError } from '../errors.js';
import { clip, MAX_URL_LENGTH } from '../limits.js';
import { ALLOW_PRIVATE_NETWORK_HINT, isHostAllowedByPolicy, isNonPublicAddress, type SsrfPolicy } from './ssrf.js';

/**
 * Parses a target URL and refuses anything that is not absolute http(s) or is longer than
 * MAX_URL_LENGTH. Messages quote only the start of the input.
 */
export function parseTargetUrl(input: string): URL {
  if (input.length > MAX_URL_LENGTH) throw tooLong(input, input.length);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new TrawlError('SCRAPE_INVALID_URL', `Invalid URL "${clip(input)}": give an absolute http:// or https:// URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TrawlError(
      'SCRAPE_INVALID_URL',
      `Unsupported URL scheme "${clip(url.protocol, 20)}" in "${clip(input)}": only http and https can be scraped`,
    );
  }
  if (!url.hostname) throw new TrawlError('SCRAPE_INVALID_URL', `URL "${clip(input)}" has no host`);
  // Percent-encoding can triple a URL's length.
  if (url.href.length > MAX_URL_LENGTH) throw tooLong(input, url.href.length);
  return url;
}

function tooLong(input: string, length: number): TrawlError {
  return new TrawlError(
    'SCRAPE_INVALID_URL',
    `The URL is ${length} characters long; at most ${MAX_URL_LENGTH} are accepted (it starts "${input.slice(0, 60)}")`,
  );
}

/**
 * Refuses a URL whose host is, or resolves to, a non-public address when the policy says so.
 * The fetch engine checks again at connect time; this early check gives a clear error before any I/O.
 */
export async function assertAllowedTarget(url: URL, policy: SsrfPolicy): Promise<void> {
  if (!policy.blockPrivateNetworks) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isHostAllowedByPolicy(host, policy)) return;
  const addresses = isIP(host) ? [host] : await resolveAll(host);
  const blocked = addresses.find(isNonPublicAddress);
  if (blocked) {
    throw new TrawlError(
      'SCRAPE_BLOCKED_URL',
      `Refused to fetch ${url.href}: ${host === blocked ? 'it is' : `${host} resolves to ${blocked},`} a private, loopback or link-local address. ` +
        ALLOW_PRIVATE_NETWORK_HINT,
    );
  }
}

async function resolveAll(host: string): Promise<string[]> {
  try {
    return (await lookup(host, { all: true })).map((a) => a.address);
  } catch (cause) {
    throw new TrawlError('SCRAPE_DNS_RESOLUTION_ERROR', `Could not resolve host "${host}": check the URL's domain`, { cause });
  }
}
