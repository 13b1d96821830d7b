import type { Browser as PlaywrightBrowser } from 'playwright-core';
import { applyViewport, contextKey, setUpContext, type PageLease, type PageSetup, type PageSource } from './page-source.js';
import { originOf, wipeLane, type Lane } from './wipe-lane.js';

/** A lane is closed after this many scrapes, so whatever its renderer leaks cannot grow. */
export const LANE_MAX_USES = 100;
/** A wipe that takes longer than this closes the lane instead (a page that will not let go). */
const WIPE_TIMEOUT_MS = 5_000;

interface BrowserLanes {
  /** Least recently used first. */
  lanes: Lane[];
  /** Lanes being opened now: they will count against the cap too. */
  opening: number;
}

/**
 * Isolation 'reset': each browser keeps up to `maxLanes` warm lanes, a context and its page. Starting
 * a page's renderer is the dearest step of a load, so a scrape takes an idle lane made with the same
 * settings, and gives it back wiped (see wipe-lane.ts); a lane that cannot be wiped is closed.
 */
export class WarmLanes implements PageSource {
  readonly #maxLanes: number;
  readonly #maxUses: number;
  // Lanes die with their browser: a crashed or retired browser's entry goes with it.
  readonly #byBrowser = new WeakMap<PlaywrightBrowser, BrowserLanes>();
  #reused = 0;

  constructor(maxLanes: number, maxUses = LANE_MAX_USES) {
    this.#maxLanes = maxLanes;
    this.#maxUses = maxUses;
  }

  get reused(): number {
    return this.#reused;
  }

  async open(browser: PlaywrightBrowser, setup: PageSetup): Promise<PageLease> {
    let entry = this.#byBrowser.get(browser);
    if (!entry) this.#byBrowser.set(browser, (entry = { lanes: [], opening: 0 }));
    const key = contextKey(setup);
    let lane = entry.lanes.find(
      (candidate) => !candidate.busy && candidate.key === key && !candidate.crashed && !candidate.page.isClosed(),
    );
    if (lane) {
      lane.busy = true;
      this.#reused++;
    } else {
      // Every busy lane holds a page slot, so at the cap at least one lane is idle: it makes way.
      const idle = entry.lanes.find((candidate) => !candidate.busy);
      if (idle && entry.lanes.length + entry.opening >= this.#maxLanes) void this.#close(entry, idle);
      entry.opening++;
      try {
        lane = await openLane(browser, key, setup);
      } finally {
        entry.opening--;
      }
      entry.lanes.push(lane);
    }
    lane.uses++;
    lane.filter = setup.filter;
    const taken = lane;
    try {
      if (setup.cookies.length) await taken.context.addCookies(setup.cookies);
      await applyViewport(taken.page, setup);
    } catch (error) {
      await this.#close(entry, taken);
      throw error;
    }
    return { context: taken.context, page: taken.page, release: (intact) => this.#release(browser, entry, taken, intact) };
  }

  async #release(browser: PlaywrightBrowser, entry: BrowserLanes, lane: Lane, intact: boolean): Promise<void> {
    const usable = () => !lane.crashed && !lane.page.isClosed() && browser.isConnected();
    if (intact && usable() && lane.uses < this.#maxUses) {
      const wiped = await withTimeout(wipeLane(lane), WIPE_TIMEOUT_MS).then(
        () => true,
        () => false,
      );
      if (wiped && usable()) {
        lane.busy = false;
        entry.lanes.splice(entry.lanes.indexOf(lane), 1);
        entry.lanes.push(lane);
        return;
      }
    }
    await this.#close(entry, lane);
  }

  async #close(entry: BrowserLanes, lane: Lane): Promise<void> {
    const at = entry.lanes.indexOf(lane);
    if (at >= 0) entry.lanes.splice(at, 1);
    await lane.context.close().catch(() => undefined);
  }
}

async function openLane(browser: PlaywrightBrowser, key: string, setup: PageSetup): Promise<Lane> {
  const context = await browser.newContext(setup.options);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const permissions = setup.options.permissions ?? [];
    const lane: Lane = {
      key,
      context,
      page,
      cdp,
      permissions,
      viewport: setup.options.viewport ?? null,
      origins: new Set(),
      filter: setup.filter,
      uses: 0,
      busy: true,
      crashed: false,
    };
    await setUpContext(context, setup, () => lane.filter);
    // Every document of every frame and page: the origins whose storage the wipe clears.
    context.on('request', (request) => {
      const origin = request.isNavigationRequest() ? originOf(request.url()) : undefined;
      if (origin) lane.origins.add(origin);
    });
    page.on('crash', () => (lane.crashed = true));
    return lane;
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
