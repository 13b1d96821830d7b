/**
 * The server's settings from the environment (what `pnpm start` and `trawl serve` read), as a
 * pure function so that every rule is testable without starting anything.
 */
import { parseApiKeys } from '../auth/api-keys.js';
import { parseRateLimits, type RateLimits } from '../limits/rate-limits.js';
import { isLoopbackHost } from './loopback.js';

export interface ServerSettings {
  port: number;
  host: string;
  /** A `TRAWL_STORE` value; undefined means the default store. */
  store: string | undefined;
  /** API keys to teams; undefined when none are configured (the API runs open). */
  apiKeys: Map<string, string> | undefined;
  allowPrivateNetwork: boolean;
  worker: boolean;
  workerConcurrency: number | undefined;
  rateLimits: RateLimits;
  credits: Record<string, number>;
  webhookSecret: string | undefined;
  retentionMs: number | undefined;
}

export const DEFAULT_PORT = 3002;
export const DEFAULT_HOST = '127.0.0.1';

export type Env = Record<string, string | undefined>;

export function readServerSettings(env: Env): ServerSettings {
  const keys = env.TRAWL_API_KEYS?.trim() ? parseApiKeys(env.TRAWL_API_KEYS) : undefined;
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || DEFAULT_HOST,
    store: env.TRAWL_STORE?.trim() || undefined,
    apiKeys: keys?.size ? keys : undefined,
    allowPrivateNetwork: readAllowPrivateNetwork(env),
    worker: parseBoolean('TRAWL_WORKER', env.TRAWL_WORKER, true),
    workerConcurrency: parseOptionalInteger('TRAWL_WORKER_CONCURRENCY', env.TRAWL_WORKER_CONCURRENCY, 1),
    rateLimits: env.TRAWL_RATE_LIMITS?.trim() ? parseRateLimits(env.TRAWL_RATE_LIMITS) : {},
    credits: env.TRAWL_CREDITS?.trim() ? parseCredits(env.TRAWL_CREDITS) : {},
    webhookSecret: env.TRAWL_WEBHOOK_SECRET || undefined,
    retentionMs: hoursToMs(parseOptionalNumber('TRAWL_RETENTION_HOURS', env.TRAWL_RETENTION_HOURS)),
  };
}

/**
 * `TRAWL_ALLOW_PRIVATE_NETWORK`, read the same way by every process that serves other people's
 * requests (`pnpm start`, `trawl serve`, `trawl worker`): off unless set, and a value that is not
 * a boolean stops the start.
 */
export function readAllowPrivateNetwork(env: Env): boolean {
  return parseBoolean('TRAWL_ALLOW_PRIVATE_NETWORK', env.TRAWL_ALLOW_PRIVATE_NETWORK, false);
}

/**
 * Without keys the API is open to anyone who can reach it, like a self-hosted Firecrawl; that
 * is only safe when nobody but this machine can. Returns the reason to refuse, or undefined.
 */
export function openAccessProblem(host: string, hasKeys: boolean): string | undefined {
  if (hasKeys || isLoopbackHost(host)) return undefined;
  return (
    `Refusing to serve the API on ${host} without API keys: anyone who can reach it could use it. ` +
    `Set TRAWL_API_KEYS="key:team,…" (or pass auth), or bind to a loopback address such as 127.0.0.1.`
  );
}

export function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number from 0 to 65535, not "${value}"`);
  return port;
}

/** `TRAWL_CREDITS="team-a:1000,team-b:50"`: starting balances of teams that have none. */
export function parseCredits(setting: string): Record<string, number> {
  const credits: Record<string, number> = {};
  for (const entry of setting.split(',').map((e) => e.trim()).filter(Boolean)) {
    const colon = entry.lastIndexOf(':');
    const team = entry.slice(0, colon).trim();
    const amount = Number(entry.slice(colon + 1));
    if (colon <= 0 || !team || !Number.isFinite(amount) || amount < 0) throw new Error(`TRAWL_CREDITS: "${entry}" should read team:credits`);
    credits[team] = amount;
  }
  return credits;
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const normalised = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalised)) return true;
  if (['false', '0', 'no', 'off'].includes(normalised)) return false;
  throw new Error(`${name} must be true or false, not "${value}"`);
}

function parseOptionalNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number, not "${value}"`);
  return number;
}

function parseOptionalInteger(name: string, value: string | undefined, min: number): number | undefined {
  const number = parseOptionalNumber(name, value);
  if (number !== undefined && (!Number.isInteger(number) || number < min)) throw new Error(`${name} must be a whole number of at least ${min}`);
  return number;
}

function hoursToMs(hours: number | undefined): number | undefined {
  return hours === undefined ? undefined : Math.round(hours * 60 * 60 * 1000);
}
