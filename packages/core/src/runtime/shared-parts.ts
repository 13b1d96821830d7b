import type { Dispatcher } from 'undici';
import type { Converter } from '../ports/converter.js';
import type { SsrfPolicy } from '../url/ssrf.js';

/** Keep-alive connection pools, one per (TLS verification, SSRF policy) pair. */
export interface DispatcherPool {
  dispatcherFor(skipTlsVerification: boolean, policy: SsrfPolicy): Dispatcher;
  close(): Promise<void>;
}

/** How the parts are made, on first use: the runtime holds ports, the caller picks the code behind them. */
export interface SharedPartsMakers {
  converter: () => Converter;
  dispatchers: () => DispatcherPool;
}

/**
 * The parts every runtime without its own shares: the conversion threads and the keep-alive
 * connection pools (reusing sockets is most of the speed of a crawl, and threads are per core, not
 * per call). Each is made on first use and made again after it is closed, so closing them at the
 * end of a command or a test never breaks a later call.
 */
export class SharedParts {
  readonly #make: SharedPartsMakers;
  #converter: Converter | undefined;
  #dispatchers: DispatcherPool | undefined;

  constructor(make: SharedPartsMakers) {
    this.#make = make;
  }

  /** The converter, made on first use unless `useConverter` set one. */
  converter(): Converter {
    this.#converter ??= this.#make.converter();
    return this.#converter;
  }

  /** Makes `converter` the shared one (a server sized by its settings); the previous one is the caller's to close. */
  useConverter(converter: Converter): void {
    this.#converter = converter;
  }

  dispatcherFor(skipTlsVerification: boolean, policy: SsrfPolicy): Dispatcher {
    this.#dispatchers ??= this.#make.dispatchers();
    return this.#dispatchers.dispatcherFor(skipTlsVerification, policy);
  }

  /** Ends the converter's threads, if one was made (idle threads do not keep a process alive). */
  async closeConverter(): Promise<void> {
    const converter = this.#converter;
    this.#converter = undefined;
    await converter?.close();
  }

  /** Closes every pooled connection (lets a short-lived process exit promptly). */
  async closeDispatchers(): Promise<void> {
    const dispatchers = this.#dispatchers;
    this.#dispatchers = undefined;
    await dispatchers?.close();
  }

  async close(): Promise<void> {
    await Promise.all([this.closeDispatchers(), this.closeConverter()]);
  }
}
