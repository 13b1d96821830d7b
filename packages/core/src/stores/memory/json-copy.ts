/**
 * A deep copy through JSON, so the memory store behaves like a store that serialises: callers
 * never share objects with it, and values that JSON cannot carry are dropped the same way.
 */
export function copyJson<T>(value: T): T {
  if (value === undefined) return value;
  return JSON.parse(JSON.stringify(value)) as T;
}
