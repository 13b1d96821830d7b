/** Argument checks: misuse rejects instead of corrupting stored state. */
export function requireInteger(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer >= ${min}, got ${String(value)}`);
  }
}

export function requireFinite(name: string, value: number, min: number): void {
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(`${name} must be a finite number >= ${min}, got ${String(value)}`);
  }
}

/** JSON text of an opaque value, or null for `undefined` (which JSON cannot carry). */
export function toJsonText(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

export function fromJsonText(text: string | null): unknown {
  return text === null ? undefined : (JSON.parse(text) as unknown);
}
