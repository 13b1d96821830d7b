import { createHash } from 'node:crypto';

/** Keys at least this long show their last four characters in their label; shorter ones show none of theirs. */
const SHOWS_TAIL_FROM = 16;

/**
 * How an API key appears in the usage history (`apiKey` of `…/historical?byApiKey=true`) and in
 * the store: never the key itself. The start of its SHA-256 (`printf %s "$KEY" | sha256sum`
 * finds it) and, for a key long enough that four characters give little away, its last four,
 * as dashboards show them: `…a1b2 (sha256:3f9c2e7d)`.
 */
export function apiKeyLabel(key: string): string {
  const fingerprint = `sha256:${createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 8)}`;
  return key.length >= SHOWS_TAIL_FROM ? `…${key.slice(-4)} (${fingerprint})` : fingerprint;
}
