/** A whole-number query parameter within [0, max], else the default: how fixture pages take their sizes. */
export function queryCount(url: URL, name: string, fallback: number, max: number): number {
  const value = Number(url.searchParams.get(name) ?? fallback);
  return Number.isSafeInteger(value) && value >= 0 ? Math.min(value, max) : fallback;
}
