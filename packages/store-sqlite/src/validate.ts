/** Argument checks come from core; JSON helpers are this store's own. */
export {
  checkCutoff,
  refundOf,
  requireDueTime,
  requireFinite,
  requireInteger,
  requireOnceId,
  requireOwner,
  requirePage,
  requireSnapshot,
  SETTLED_KEPT_MS,
  usageAmounts,
} from '@trawl/core/ports';

/** JSON text of an opaque value, or null for `undefined` (which JSON cannot carry). */
export function toJsonText(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

export function fromJsonText(text: string | null): unknown {
  return text === null ? undefined : (JSON.parse(text) as unknown);
}
