/**
 * API keys mapped to teams, from `TRAWL_API_KEYS="key1:team-a,key2:team-b"`. A key without a
 * team gets a team named after its position, so one key still isolates its jobs.
 */
export function parseApiKeys(setting: string): Map<string, string> {
  const keys = new Map<string, string>();
  const entries = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  entries.forEach((entry, index) => {
    const colon = entry.lastIndexOf(':');
    const key = (colon === -1 ? entry : entry.slice(0, colon)).trim();
    const team = (colon === -1 ? `team-${index + 1}` : entry.slice(colon + 1)).trim();
    if (!key) throw new Error(`TRAWL_API_KEYS entry ${index + 1} has an empty key`);
    if (!team) throw new Error(`TRAWL_API_KEYS entry ${index + 1} has an empty team name`);
    if (keys.has(key)) throw new Error(`TRAWL_API_KEYS lists the same key twice (entry ${index + 1})`);
    keys.set(key, team);
  });
  return keys;
}
