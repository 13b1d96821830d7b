/** A response body's `warning`: the distinct warnings joined, or nothing when there are none. */
export function warningOf(warnings: readonly string[]): { warning?: string } {
  const distinct = [...new Set(warnings)];
  return distinct.length ? { warning: distinct.join('; ') } : {};
}
