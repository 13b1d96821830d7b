import { devices, type BrowserContextOptions } from 'playwright-core';
import type { BrowserLoadRequest } from '@trawl/core/ports';
import { acceptLanguage, countryProfile } from './locations.js';
import { chainableUpstream } from './upstream-proxy.js';

/** An upstream proxy the browser sends traffic through (`proxy: "basic"` or `"stealth"`). */
export interface ProxyServer {
  /** `http://host:port` or `socks5://host:port`. */
  server: string;
  username?: string;
  password?: string;
  /** Hosts that skip the proxy, comma-separated. */
  bypass?: string;
}

export interface ProxyServers {
  basic?: ProxyServer;
  /** Used for `proxy: "stealth"`; falls back to `basic`. */
  stealth?: ProxyServer;
}

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
/** The device `mobile: true` emulates: viewport, pixel ratio, touch and user agent. */
export const MOBILE_DEVICE = devices['Pixel 7']!;

export interface ContextPlan {
  options: BrowserContextOptions;
  /** From the request's Cookie header, set on the target URL before the first request. */
  cookies: Array<{ name: string; value: string; url: string }>;
  /** The caller's other headers, sent to the target's own site only (never to third parties). */
  siteHeaders: Record<string, string>;
  /** Headers for every request: Accept-Language, which the context's locale would otherwise cut to one tag. */
  everyRequestHeaders: Record<string, string>;
  stealth: boolean;
  /**
   * A guard proxy is needed: the SSRF policy blocks private networks (with an `http://` or
   * `socks5://` upstream proxy the guard chains to it; another kind is used directly, unguarded),
   * or the upstream is a `socks5://` proxy with credentials, which Chromium cannot send.
   */
  needsGuardProxy: boolean;
  /** The upstream proxy of this request, if any (also in `options.proxy` until a guard replaces it). */
  upstreamProxy?: ProxyServer;
  warnings: string[];
}

/** Headers the browser sets itself, or that become context settings instead. */
const NOT_FORWARDED = new Set(['cookie', 'user-agent', 'accept-language', 'host', 'content-length', 'connection']);

/** Everything a browser context needs for one request, worked out without touching the browser. */
export function planContext(request: BrowserLoadRequest, settings: { defaultUserAgent: string; proxies?: ProxyServers }): ContextPlan {
  const { options } = request;
  const headers = lowerCaseKeys(options.headers ?? {});
  const warnings: string[] = [];
  const context: BrowserContextOptions = {
    viewport: DESKTOP_VIEWPORT,
    ignoreHTTPSErrors: options.skipTlsVerification,
    // Service workers would answer requests out of the route filter's sight.
    serviceWorkers: 'block',
    acceptDownloads: false,
  };
  let userAgent = request.userAgent ?? settings.defaultUserAgent;
  if (options.mobile) {
    const { userAgent: mobileAgent, viewport, deviceScaleFactor, isMobile, hasTouch } = MOBILE_DEVICE;
    Object.assign(context, { viewport, deviceScaleFactor, isMobile, hasTouch });
    userAgent = mobileAgent;
  }
  context.userAgent = headers['user-agent'] ?? userAgent;

  const languages = options.location?.languages?.length ? options.location.languages : undefined;
  const everyRequestHeaders: Record<string, string> = {};
  if (options.location) {
    const profile = countryProfile(options.location.country);
    if (profile) {
      context.timezoneId = profile.timezoneId;
      context.geolocation = { latitude: profile.latitude, longitude: profile.longitude, accuracy: 100 };
      context.permissions = ['geolocation'];
    } else {
      warnings.push(
        `location.country "${options.location.country}" is not in Trawl's country table, so timezone and geolocation were not emulated.`,
      );
    }
    const locale = languages?.[0] ?? profile?.locale;
    if (locale) context.locale = locale;
    const value = headers['accept-language'] ?? acceptLanguage(languages ?? (locale ? [locale] : []));
    if (value) everyRequestHeaders['accept-language'] = value;
  } else if (headers['accept-language']) {
    everyRequestHeaders['accept-language'] = headers['accept-language'];
  }

  const stealth = options.proxy === 'stealth';
  const proxy = stealth ? (settings.proxies?.stealth ?? settings.proxies?.basic) : settings.proxies?.basic;
  if (proxy) context.proxy = { ...proxy };

  const siteHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!NOT_FORWARDED.has(name)) siteHeaders[name] = value;

  const plan: ContextPlan = {
    options: context,
    cookies: headers.cookie ? parseCookieHeader(headers.cookie, request.url) : [],
    siteHeaders,
    everyRequestHeaders,
    stealth,
    needsGuardProxy:
      (request.policy.blockPrivateNetworks && (!proxy || chainableUpstream(proxy) !== undefined)) ||
      (proxy?.server.startsWith('socks5:') === true && proxy.username !== undefined),
    warnings,
  };
  if (proxy) plan.upstreamProxy = proxy;
  return plan;
}

export function parseCookieHeader(header: string, url: string): Array<{ name: string; value: string; url: string }> {
  const cookies: Array<{ name: string; value: string; url: string }> = [];
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    if (name) cookies.push({ name, value: pair.slice(at + 1).trim(), url });
  }
  return cookies;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}
