import { isTrawlError, type TrawlError } from '../errors.js';

/**
 * True for a store call that could not be done now: the store is down or restarting
 * (STORE_UNAVAILABLE) or out of space (STORAGE_FULL). Work that met one waits for the store and
 * runs again; it never becomes a page's result or a job's failure.
 */
export function isStoreOutage(error: unknown): error is TrawlError {
  return isTrawlError(error) && (error.code === 'STORE_UNAVAILABLE' || error.code === 'STORAGE_FULL');
}

/** A store's own reading of its driver's failures: the outage error to throw instead, or undefined for any other. */
export type OutageClassifier = (error: unknown) => TrawlError | undefined;

/**
 * Wraps a store part (a repo, the frontier, a host pacer) so the failures `classify` recognises
 * (a dropped connection, a full disk) reach core as STORE_UNAVAILABLE or STORAGE_FULL, the one
 * form core and the API act on, whatever the driver threw. Other failures pass unchanged.
 */
export function withOutageErrors<T extends object>(part: T, classify: OutageClassifier): T {
  const convert = (error: unknown): unknown => classify(error) ?? error;
  const methods = new Map<PropertyKey, unknown>();
  return new Proxy(part, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let method = methods.get(property);
      if (!method) {
        method = (...args: unknown[]): unknown => {
          let result: unknown;
          try {
            result = (value as (...a: unknown[]) => unknown).apply(target, args);
          } catch (error) {
            throw convert(error);
          }
          return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(convert(error))) : result;
        };
        methods.set(property, method);
      }
      return method;
    },
  });
}
