import { TrawlError } from '../errors.js';

/** A document Trawl reads the format of, but not this file: truncated, damaged, encrypted. */
export function documentUnreadable(name: string, why: string, cause?: unknown): TrawlError {
  return new TrawlError('DOCUMENT_UNREADABLE', `${name} cannot be read: ${why}`, cause === undefined ? {} : { cause });
}
