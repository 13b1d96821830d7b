/**
 * Google's `tbs` time filters, parsed once so each provider can map them to what it supports:
 * `qdr:h|d|w|m|y` with an optional count (`qdr:d3` = past three days) and
 * `cdr:1,cd_min:M/D/YYYY,cd_max:M/D/YYYY` (a custom date range). Other `tbs` keys are ignored.
 */
export type TimeUnit = 'hour' | 'day' | 'week' | 'month' | 'year';

export type TimeRange = { kind: 'past'; unit: TimeUnit; count: number } | { kind: 'between'; from?: Date; to?: Date };

const UNITS: Record<string, TimeUnit> = { h: 'hour', d: 'day', w: 'week', m: 'month', y: 'year' };
const UNIT_MS: Record<TimeUnit, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 31 * 86_400_000,
  year: 366 * 86_400_000,
};

export function parseTbs(tbs: string | undefined): TimeRange | undefined {
  if (!tbs) return undefined;
  const fields = new Map<string, string>();
  for (const part of tbs.split(',')) {
    const colon = part.indexOf(':');
    if (colon > 0) fields.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  const qdr = /^([hdwmy])(\d*)$/.exec(fields.get('qdr') ?? '');
  if (qdr) return { kind: 'past', unit: UNITS[qdr[1] as string] as TimeUnit, count: Math.max(1, Number(qdr[2] || 1)) };
  if (fields.get('cdr') === '1') {
    const from = usDate(fields.get('cd_min'));
    const to = usDate(fields.get('cd_max'));
    if (from || to) return { kind: 'between', ...(from ? { from } : {}), ...(to ? { to } : {}) };
  }
  return undefined;
}

/** How far back a `past` range reaches, in milliseconds. */
export function rangeMs(range: Extract<TimeRange, { kind: 'past' }>): number {
  return UNIT_MS[range.unit] * range.count;
}

/** The smallest of day, week, month and year that covers the range (for providers with only those). */
export function coveringPeriod(range: TimeRange): 'day' | 'week' | 'month' | 'year' | undefined {
  if (range.kind !== 'past') return undefined;
  const ms = rangeMs(range);
  if (ms <= UNIT_MS.day) return 'day';
  if (ms <= UNIT_MS.week) return 'week';
  if (ms <= UNIT_MS.month) return 'month';
  return 'year';
}

/** The range as absolute dates (`from` may be open for `between` ranges). */
export function rangeDates(range: TimeRange, now = new Date()): { from?: Date; to?: Date } {
  if (range.kind === 'between') return { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
  return { from: new Date(now.getTime() - rangeMs(range)), to: now };
}

/** `YYYY-MM-DD` in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Google writes custom range ends as M/D/YYYY. */
function usDate(text: string | undefined): Date | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text ?? '');
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2])));
  return Number.isNaN(date.getTime()) ? undefined : date;
}
