/** At most `limit` holders at once; the others wait in arrival order. */
export class Semaphore {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.#active < this.limit) {
      this.#active++;
      return this.#releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const at = this.#waiting.indexOf(grant);
        if (at >= 0) this.#waiting.splice(at, 1);
        reject(signal!.reason);
      };
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(grant);
    });
    // The releasing holder handed its slot over, so the count stays as it was.
    return this.#releaser();
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    };
  }
}
