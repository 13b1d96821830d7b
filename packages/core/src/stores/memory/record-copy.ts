import type { JobRecord } from '../../ports/store.js';

/**
 * The JSON text of each stored JSON field (options, output, error), made once: the store replaces
 * such a field and never changes one in place, so the object stands for its text. A crawl reads
 * its job for every page; turning the whole record into JSON and back each time was 7% of a
 * links-only crawl's CPU.
 */
const storedText = new WeakMap<object, string>();

function copied<T>(value: T): T {
  if (value === undefined || value === null || typeof value !== 'object') return value;
  let text = storedText.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    storedText.set(value, text);
  }
  return JSON.parse(text) as T;
}

/**
 * A job record as the memory store hands it out: the caller's own copy, as from a store that
 * serialises (values JSON cannot carry are not in the store to begin with: it takes them in
 * through JSON).
 */
export function copyRecord(record: JobRecord): JobRecord {
  const copy: JobRecord = { ...record, counters: { ...record.counters } };
  if (record.options !== undefined) copy.options = copied(record.options);
  if (record.output !== undefined) copy.output = copied(record.output);
  if (record.error !== undefined) copy.error = copied(record.error);
  return copy;
}
