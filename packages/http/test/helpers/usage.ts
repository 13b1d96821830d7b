import { createHash } from 'node:crypto';

/** The label the usage history shows for an API key, worked out here from the documented rule (never the key). */
export function keyLabel(key: string): string {
  const fingerprint = `sha256:${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
  return key.length >= 16 ? `…${key.slice(-4)} (${fingerprint})` : fingerprint;
}

/** The start of this UTC month, and of the next, as the history's periods write them. */
export function thisMonth(): { start: string; end: string } {
  const now = new Date();
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
  };
}
