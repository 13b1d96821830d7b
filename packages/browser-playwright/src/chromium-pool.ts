import { chromium, type Browser as PlaywrightBrowser } from 'playwright-core';
import { isTrawlError, TrawlError } from '@trawl/core';
import { Semaphore } from './semaphore.js';

/** Flags for a headless Chromium that stays off the network unless a page asks. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
  '--disable-quic',
  '--mute-audio',
  '--disable-site-isolation-trials',
  // Chromium keeps only the last --disable-features, and this one replaces Playwright's: it repeats
  // the features Playwright turns off (routing, HTTPS-upgrade, unload and paint quirks) besides ours.
  // IsolateOrigins, site-per-process: cross-site iframes (ads, embeds) stay in their page's renderer
  // instead of one process each. ThirdPartyStoragePartitioning: off, as Playwright runs Chromium, so
  // every storage a page can use is keyed by its origin alone, and wiping a warm page's origins
  // (see wipe-lane.ts) reaches all of it.
  `--disable-features=${[
    'IsolateOrigins',
    'site-per-process',
    'ThirdPartyStoragePartitioning',
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'MediaRouter',
    'PaintHolding',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
  ].join(',')}`,
];

export interface PoolOptions {
  executablePath: string;
  launchArgs: string[];
  maxConcurrentPages: number;
  maxPagesPerBrowser: number;
  idleTimeoutMs: number;
}

export interface PoolStats {
  /** Browser processes started so far (restarts and crashes included). */
  launches: number;
  pagesServed: number;
  activePages: number;
  /** Browser processes alive now. */
  browsers: number;
  /**
   * Browser contexts open now. Isolation 'reset': the warm lanes, at most one per page slot and
   * browser. Isolation 'context': one per page being rendered, plus at most one spare per browser.
   */
  contexts: number;
  /** Pages kept open for clients (browser sessions, scrapes kept for interact), holding no slot. */
  keptPages: number;
}

/** Keeps a load's page slot and browser held, after its result went back, until `tail` settles. */
export type Linger = (tail: Promise<unknown>) => void;

interface Instance {
  browser: PlaywrightBrowser;
  /** A user agent like the browser's own, without "Headless". */
  userAgent: string;
  served: number;
  active: number;
  retired: boolean;
}

/**
 * One Chromium process shared by every scrape, each in its own context: a cap on pages at once,
 * a fresh process after a crash or every `maxPagesPerBrowser` pages, and none left when idle.
 */
export class ChromiumPool {
  readonly #options: PoolOptions;
  readonly #slots: Semaphore;
  readonly #instances = new Set<Instance>();
  #current: Promise<Instance> | undefined;
  #idleTimer: ReturnType<typeof setTimeout> | undefined;
  #launches = 0;
  #served = 0;
  /** Pages kept open outside the slots (sessions, pages kept for interact): the browser stays up while any is. */
  #held = 0;

  constructor(options: PoolOptions) {
    this.#options = options;
    this.#slots = new Semaphore(options.maxConcurrentPages);
  }

  stats(): PoolStats {
    let contexts = 0;
    for (const instance of this.#instances) contexts += instance.browser.contexts().length;
    return {
      launches: this.#launches,
      pagesServed: this.#served,
      activePages: this.#slots.active,
      browsers: this.#instances.size,
      contexts,
      keptPages: this.#held,
    };
  }

  /**
   * Keeps the browser that runs `browser` alive, without a page slot, until the returned release
   * is called: for a page a client goes on driving. The browser is not closed when idle, nor when
   * retired, while held.
   */
  holdBrowser(browser: PlaywrightBrowser): () => void {
    const instance = [...this.#instances].find((candidate) => candidate.browser === browser);
    clearTimeout(this.#idleTimer);
    this.#held++;
    if (instance) instance.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#held--;
      if (instance) {
        instance.active--;
        if (instance.retired && instance.active === 0) void this.#shutDown(instance);
      }
      if (this.#slots.active === 0 && this.#held === 0) this.#armIdleShutdown();
    };
  }

  /** Opens a page outside the slots: a browser held for it until `release` (see holdBrowser). */
  async held<T>(work: (browser: PlaywrightBrowser, userAgent: string, release: () => void) => Promise<T>): Promise<T> {
    const instance = await this.#instance();
    const release = this.holdBrowser(instance.browser);
    try {
      return await work(instance.browser, instance.userAgent, release);
    } catch (error) {
      release();
      throw error;
    }
  }

  /**
   * Runs `work` with a browser once a page slot is free. A load that a crash cut short is tried
   * once more on a new browser. Work may `linger(tail)`: its result goes back at once, while the
   * slot and the browser stay held until `tail` settles (a warm page's wipe after a load).
   */
  async use<T>(work: (browser: PlaywrightBrowser, userAgent: string, linger: Linger) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.#slots.acquire(signal);
    clearTimeout(this.#idleTimer);
    const tails: Array<Promise<unknown>> = [];
    try {
      return await this.#run(work, tails, true);
    } finally {
      void Promise.allSettled(tails).then(() => {
        release();
        if (this.#slots.active === 0 && this.#held === 0) this.#armIdleShutdown();
      });
    }
  }

  async #run<T>(
    work: (browser: PlaywrightBrowser, userAgent: string, linger: Linger) => Promise<T>,
    tails: Array<Promise<unknown>>,
    retryAfterCrash: boolean,
  ): Promise<T> {
    const instance = await this.#instance();
    instance.active++;
    instance.served++;
    this.#served++;
    if (instance.served >= this.#options.maxPagesPerBrowser) this.#retire(instance);
    const own: Array<Promise<unknown>> = [];
    try {
      return await work(instance.browser, instance.userAgent, (tail) => {
        own.push(tail);
        tails.push(tail);
      });
    } catch (error) {
      const crashed = !instance.browser.isConnected();
      const endedByCaller = isTrawlError(error) && (error.code === 'SCRAPE_TIMEOUT' || error.code === 'SCRAPE_ABORTED');
      if (crashed && retryAfterCrash && !endedByCaller) return this.#run(work, tails, false);
      throw error;
    } finally {
      void Promise.allSettled(own).then(() => {
        instance.active--;
        if (instance.retired && instance.active === 0) void this.#shutDown(instance);
      });
    }
  }

  async #instance(): Promise<Instance> {
    for (;;) {
      this.#current ??= this.#launch();
      const current = this.#current;
      let instance: Instance;
      try {
        instance = await current;
      } catch (error) {
        if (this.#current === current) this.#current = undefined;
        throw error;
      }
      if (instance.browser.isConnected() && !instance.retired) return instance;
      if (this.#current === current) this.#current = undefined;
    }
  }

  async #launch(): Promise<Instance> {
    this.#launches++;
    const browser = await chromium
      .launch({
        executablePath: this.#options.executablePath,
        args: [...CHROMIUM_ARGS, ...this.#options.launchArgs],
        headless: true,
        timeout: 30_000,
        // The embedding program owns its signals (a CLI cancels a crawl on Ctrl-C); close() ends
        // the browser, and Playwright still kills it if the process exits without calling it.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      })
      .catch((error: unknown) => {
        const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
        throw new TrawlError('SCRAPE_ADAPTER_MISSING', `Chromium at ${this.#options.executablePath} could not start: ${reason}`, {
          cause: error,
        });
      });
    const major = browser.version().split('.')[0];
    const instance: Instance = {
      browser,
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
      served: 0,
      active: 0,
      retired: false,
    };
    this.#instances.add(instance);
    browser.on('disconnected', () => {
      this.#instances.delete(instance);
      instance.retired = true;
    });
    return instance;
  }

  /** New pages go to a new browser; this one closes when its last page is done. */
  #retire(instance: Instance): void {
    instance.retired = true;
  }

  async #shutDown(instance: Instance): Promise<void> {
    instance.retired = true;
    this.#instances.delete(instance);
    await instance.browser.close().catch(() => undefined);
  }

  #armIdleShutdown(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#slots.active === 0 && this.#held === 0) void this.close();
    }, this.#options.idleTimeoutMs);
    this.#idleTimer.unref();
  }

  /** Closes every browser process and waits for them to exit; a later `use` starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const launching = this.#current;
    this.#current = undefined;
    const instances = [...this.#instances];
    const pending = launching
      ? [launching.then((instance) => instances.includes(instance) || instances.push(instance)).catch(() => undefined)]
      : [];
    await Promise.all(pending);
    await Promise.all(instances.map((instance) => this.#shutDown(instance)));
  }
}
