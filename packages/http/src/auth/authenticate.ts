import { createHash, timingSafeEqual } from 'node:crypto';
import type { Account } from '@trawl/core/server';
import { ApiError } from '../transport/api-error.js';
import type { NodeRequest } from '../transport/types.js';
import { apiKeyLabel } from './api-key-label.js';

/** Resolves a bearer token to its team, or null/undefined to refuse it. */
export type AuthFunction = (token: string, req: NodeRequest) => string | null | undefined | Promise<string | null | undefined>;

/** API keys to team ids, or a function deciding. Absent: the API is open and every caller is one team. */
export type AuthOption = Record<string, string> | ReadonlyMap<string, string> | AuthFunction;

/** The team of every request when no auth is configured (self-hosted Firecrawl calls it "bypass"). */
export const OPEN_TEAM_ID = 'local';

/** Resolves a request to its team and the label of its API key (null on an open server, which reads no key). */
export type Authenticator = (req: NodeRequest) => Promise<Account>;

export function createAuthenticator(option: AuthOption | undefined): Authenticator {
  if (option === undefined) return async () => ({ teamId: OPEN_TEAM_ID, apiKey: null });
  const resolve = typeof option === 'function' ? option : keyTable(option instanceof Map ? option : new Map(Object.entries(option)));
  return async (req) => {
    const token = bearerToken(req);
    const team = await resolve(token, req);
    if (!team) throw unauthorized(token === '' ? 'Unauthorized: Token missing' : 'Unauthorized: Invalid token');
    return { teamId: team, apiKey: apiKeyLabel(token) };
  };
}

/** True when the option lets some key in (an empty key table would lock everyone out). */
export function hasAuth(option: AuthOption | undefined): boolean {
  if (option === undefined) return false;
  if (typeof option === 'function') return true;
  return option instanceof Map ? option.size > 0 : Object.keys(option).length > 0;
}

function bearerToken(req: NodeRequest): string {
  const header = req.headers.authorization;
  if (header === undefined) throw unauthorized('Unauthorized');
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (!match) throw unauthorized('Unauthorized: Invalid token');
  return (match[1] ?? '').trim();
}

/**
 * Compares the token with every key through fixed-length digests, without stopping at a match,
 * so the time taken says nothing about which key (or how much of one) matched.
 */
function keyTable(keys: ReadonlyMap<string, string>): AuthFunction {
  const digests = [...keys].map(([key, team]) => ({ digest: sha256(key), team }));
  return (token) => {
    const candidate = sha256(token);
    let team: string | undefined;
    for (const entry of digests) {
      if (timingSafeEqual(entry.digest, candidate) && team === undefined) team = entry.team;
    }
    return token === '' ? undefined : team;
  };
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

function unauthorized(message: string): ApiError {
  return new ApiError(401, message);
}
