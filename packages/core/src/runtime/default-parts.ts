import { newConverter } from '../convert/new-converter.js';
import { createDispatcherPool } from '../fetch/dispatcher.js';
import type { Converter } from '../ports/converter.js';
import { SharedParts } from './shared-parts.js';

let parts: SharedParts | undefined;

/**
 * The default runtime's conversion threads and connection pools: what every runtime made without
 * a converter or a dispatcher of its own uses, the default runtime closes, and a runtime made with
 * `owns: ['sharedPools']` closes too (a command or a server at its end).
 */
export function defaultParts(): SharedParts {
  parts ??= new SharedParts({ converter: newConverter, dispatchers: createDispatcherPool });
  return parts;
}

/** Makes `pool` the default runtime's converter (a server sized by its settings); the previous one is the caller's to close. */
export function useConvertPool(pool: Converter): void {
  defaultParts().useConverter(pool);
}

/** Ends the default runtime's conversion threads, if they were started (the next page starts them again). */
export function closeSharedConvertPool(): Promise<void> {
  return defaultParts().closeConverter();
}

/** Closes the default runtime's pooled connections (lets a short-lived process exit promptly). */
export function closeDispatchers(): Promise<void> {
  return defaultParts().closeDispatchers();
}
