/**
 * The types of the API server's own settings: keys, rate limits, starting credits.
 */
import { TrawlError } from '../errors.js';
import type { SettingType } from './types.js';

/** Endpoint classes, each with its own requests-per-minute budget per team. */
export const RATE_LIMIT_CLASSES = ['scrape', 'crawl', 'batch', 'map', 'search', 'extract', 'llmstxt', 'status', 'team'] as const;
export type RateLimitClass = (typeof RATE_LIMIT_CLASSES)[number];

/** Requests per minute per team, by class; a class left out is not limited. */
export type RateLimits = Partial<Record<RateLimitClass, number>>;

const problem = (message: string) => new TrawlError('INVALID_OPTIONS', message);

/**
 * API keys mapped to teams, `key1:team-a,key2:team-b`. A key without a team gets a team named
 * after its position, so one key still isolates its jobs.
 */
export const apiKeysType: SettingType<Map<string, string>> = {
  format: 'key:team pairs, comma-separated',
  parse(raw, name) {
    const keys = new Map<string, string>();
    const entries = raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    entries.forEach((entry, index) => {
      const colon = entry.lastIndexOf(':');
      const key = (colon === -1 ? entry : entry.slice(0, colon)).trim();
      const team = (colon === -1 ? `team-${index + 1}` : entry.slice(colon + 1)).trim();
      if (!key) throw problem(`${name} entry ${index + 1} has an empty key`);
      if (!team) throw problem(`${name} entry ${index + 1} has an empty team name`);
      if (keys.has(key)) throw problem(`${name} lists the same key twice (entry ${index + 1})`);
      keys.set(key, team);
    });
    return keys;
  },
  show: (keys) => `${keys.size} key(s)`,
};

/** `scrape=100,crawl=15`: requests per minute per team. */
export const rateLimitsType: SettingType<RateLimits> = {
  format: `class=requests per minute pairs, comma-separated (classes: ${RATE_LIMIT_CLASSES.join(', ')})`,
  parse(raw, name) {
    const limits: RateLimits = {};
    for (const entry of raw
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const [rateClass, value] = entry.split('=').map((part) => part.trim());
      if (!(RATE_LIMIT_CLASSES as readonly string[]).includes(rateClass ?? '')) {
        throw problem(`${name}: unknown class "${rateClass}" (known: ${RATE_LIMIT_CLASSES.join(', ')})`);
      }
      const perMinute = Number(value);
      if (!/^\d+$/.test(value ?? '') || !Number.isSafeInteger(perMinute))
        throw problem(`${name}: "${entry}" needs a whole number of requests per minute`);
      limits[rateClass as RateLimitClass] = perMinute;
    }
    return limits;
  },
  show: (limits) =>
    Object.entries(limits)
      .map(([rateClass, perMinute]) => `${rateClass}=${perMinute}`)
      .join(','),
};

/** `team-a:1000,team-b:50`: starting balances of teams that have none. */
export const creditsType: SettingType<Record<string, number>> = {
  format: 'team:credits pairs, comma-separated',
  parse(raw, name) {
    const credits: Record<string, number> = {};
    for (const entry of raw
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const colon = entry.lastIndexOf(':');
      const team = entry.slice(0, colon).trim();
      const amount = Number(entry.slice(colon + 1));
      if (colon <= 0 || !team || !Number.isFinite(amount) || amount < 0) throw problem(`${name}: "${entry}" should read team:credits`);
      credits[team] = amount;
    }
    return credits;
  },
  show: (credits) =>
    Object.entries(credits)
      .map(([team, amount]) => `${team}:${amount}`)
      .join(','),
};
