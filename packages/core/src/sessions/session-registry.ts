/**
 * Every open page a client drives: `/v2/browser` sessions and the pages scrapes keep for
 * `/v2/scrape/{id}/interact`. One registry for both, so both get the same team checks (another
 * team's id is a 404), the same per-team cap, the same reaping (TTL, idle TTL, a crashed
 * browser) and the same close on shutdown.
 */
import { TrawlError } from '../errors.js';
import type { BrowserPageSession } from '../ports/browser.js';

/** `browser`: a session of `/v2/browser`; `interact`: the page a scrape kept, keyed by its scrape id. */
export type SessionKind = 'browser' | 'interact';

/** Why a session ended. */
export type SessionEnd = 'deleted' | 'expired' | 'idle' | 'crashed' | 'shutdown' | 'replaced';

export interface SessionEntry {
  readonly id: string;
  readonly teamId: string;
  readonly kind: SessionKind;
  readonly page: BrowserPageSession;
  readonly createdAt: number;
  lastActivity: number;
  /** The hard end (TTL). */
  readonly expiresAt: number;
  /** Ends after this long without a call. */
  readonly idleMs: number;
  /** A named profile whose cookies and storage are saved when the session ends (`saveChanges`). */
  readonly profile?: { name: string; saveChanges: boolean };
}

export interface NewSession {
  id: string;
  teamId: string;
  kind: SessionKind;
  page: BrowserPageSession;
  ttlMs: number;
  idleMs: number;
  profile?: { name: string; saveChanges: boolean };
}

export interface SessionRegistryOptions {
  /** Sessions of kind `browser` one team may hold open; kept scrape pages have a cap of the same size of their own. */
  perTeam: number;
  /** How often expired and idle sessions are looked for (default 1 s). */
  sweepMs?: number;
  now?: () => number;
  /** Runs before a session's page closes (saving its profile, billing its minutes); its failure does not keep the page open. */
  onEnd?: (entry: SessionEntry, why: SessionEnd) => Promise<void>;
}

export interface EndedSession {
  entry: SessionEntry;
  durationMs: number;
}

const DEFAULT_SWEEP_MS = 1_000;

export function sessionNotFound(kind: SessionKind): TrawlError {
  return new TrawlError(
    'BROWSER_SESSION_NOT_FOUND',
    kind === 'browser'
      ? 'Browser session not found: it never existed, belongs to another team, was deleted or passed its TTL'
      : 'No interactive page for this scrape: it never existed, belongs to another team, was stopped, passed its TTL, or the scrape kept no browser page',
  );
}

export class SessionRegistry {
  readonly #options: SessionRegistryOptions;
  readonly #entries = new Map<string, SessionEntry>();
  /** One call at a time per session: a page runs one script or action list at once. */
  readonly #queues = new Map<string, Promise<unknown>>();
  readonly #timer: ReturnType<typeof setInterval>;
  #closed = false;

  constructor(options: SessionRegistryOptions) {
    if (!Number.isSafeInteger(options.perTeam) || options.perTeam < 1)
      throw new TypeError(`perTeam must be at least 1, not ${options.perTeam}`);
    this.#options = options;
    this.#timer = setInterval(() => void this.sweep(), options.sweepMs ?? DEFAULT_SWEEP_MS);
    this.#timer.unref();
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  #key(kind: SessionKind, id: string): string {
    return `${kind}\0${id}`;
  }

  /** Throws BROWSER_SESSION_LIMIT when `teamId` may open no more `browser` sessions: checked before a page is opened. */
  assertRoom(teamId: string): void {
    if (this.count(teamId, 'browser') >= this.#options.perTeam) {
      throw new TrawlError(
        'BROWSER_SESSION_LIMIT',
        `This team already has ${this.#options.perTeam} browser sessions open, the most this server allows: delete one (DELETE /v2/browser/{id}) first`,
      );
    }
  }

  count(teamId: string, kind: SessionKind): number {
    let n = 0;
    for (const entry of this.#entries.values()) if (entry.teamId === teamId && entry.kind === kind) n++;
    return n;
  }

  /**
   * Registers an open page. A `browser` session past the team's cap is refused (its page closed);
   * a kept scrape page past it ends the team's oldest kept page instead, so scrapes never fail for it.
   */
  async add(input: NewSession): Promise<SessionEntry> {
    if (this.#closed) {
      await input.page.close();
      throw new TrawlError('BROWSER_SESSION_NOT_FOUND', 'The server is shutting down: no new browser sessions');
    }
    if (input.kind === 'browser') {
      try {
        this.assertRoom(input.teamId);
      } catch (error) {
        await input.page.close();
        throw error;
      }
    } else {
      const kept = this.list(input.teamId, 'interact');
      const replaced = this.#entries.get(this.#key('interact', input.id));
      if (replaced) await this.#end(replaced, 'replaced');
      else if (kept.length >= this.#options.perTeam) await this.#end(kept[0]!, 'replaced');
    }
    const now = this.#now();
    const entry: SessionEntry = {
      id: input.id,
      teamId: input.teamId,
      kind: input.kind,
      page: input.page,
      createdAt: now,
      lastActivity: now,
      expiresAt: now + input.ttlMs,
      idleMs: input.idleMs,
      ...(input.profile ? { profile: input.profile } : {}),
    };
    this.#entries.set(this.#key(input.kind, input.id), entry);
    return entry;
  }

  /** The team's open sessions of `kind`, oldest first. */
  list(teamId: string, kind: SessionKind): SessionEntry[] {
    return [...this.#entries.values()].filter((e) => e.teamId === teamId && e.kind === kind).sort((a, b) => a.createdAt - b.createdAt);
  }

  /** The session, when it is the team's and still alive; else BROWSER_SESSION_NOT_FOUND. */
  get(teamId: string, kind: SessionKind, id: string): SessionEntry {
    const entry = this.#entries.get(this.#key(kind, id));
    if (!entry || entry.teamId !== teamId || this.#endReason(entry, this.#now()) !== undefined) throw sessionNotFound(kind);
    return entry;
  }

  /** Runs `work` on the session's page after any call already running on it; the call counts as activity. */
  async use<T>(teamId: string, kind: SessionKind, id: string, work: (entry: SessionEntry) => Promise<T>): Promise<T> {
    const entry = this.get(teamId, kind, id);
    const key = this.#key(kind, id);
    const before = this.#queues.get(key) ?? Promise.resolve();
    const run = before.then(
      () => this.#touchAndRun(entry, work),
      () => this.#touchAndRun(entry, work),
    );
    const settled = run.catch(() => undefined);
    this.#queues.set(key, settled);
    void settled.then(() => {
      if (this.#queues.get(key) === settled) this.#queues.delete(key);
    });
    return run;
  }

  async #touchAndRun<T>(entry: SessionEntry, work: (entry: SessionEntry) => Promise<T>): Promise<T> {
    if (!this.#entries.has(this.#key(entry.kind, entry.id)) || entry.page.closed()) throw sessionNotFound(entry.kind);
    entry.lastActivity = this.#now();
    try {
      return await work(entry);
    } finally {
      entry.lastActivity = this.#now();
    }
  }

  /** Ends the team's session; BROWSER_SESSION_NOT_FOUND when it has no such session. */
  async end(teamId: string, kind: SessionKind, id: string): Promise<EndedSession> {
    const entry = this.#entries.get(this.#key(kind, id));
    if (!entry || entry.teamId !== teamId) throw sessionNotFound(kind);
    return this.#end(entry, 'deleted');
  }

  async #end(entry: SessionEntry, why: SessionEnd): Promise<EndedSession> {
    const key = this.#key(entry.kind, entry.id);
    if (this.#entries.get(key) !== entry) return { entry, durationMs: 0 };
    this.#entries.delete(key);
    const durationMs = Math.max(0, this.#now() - entry.createdAt);
    try {
      if (!entry.page.closed()) await this.#options.onEnd?.(entry, why);
      else await this.#options.onEnd?.(entry, 'crashed');
    } catch {
      // Saving a profile or billing failed: the page still closes, so no browser outlives its session.
    } finally {
      await entry.page.close().catch(() => undefined);
    }
    return { entry, durationMs };
  }

  #endReason(entry: SessionEntry, now: number): SessionEnd | undefined {
    if (entry.page.closed()) return 'crashed';
    if (now >= entry.expiresAt) return 'expired';
    if (now - entry.lastActivity >= entry.idleMs && !this.#queues.has(this.#key(entry.kind, entry.id))) return 'idle';
    return undefined;
  }

  /** Ends every session past its TTL, idle too long, or whose browser is gone. */
  async sweep(): Promise<number> {
    const now = this.#now();
    const ending: Promise<EndedSession>[] = [];
    for (const entry of this.#entries.values()) {
      const why = this.#endReason(entry, now);
      if (why) ending.push(this.#end(entry, why));
    }
    await Promise.all(ending);
    return ending.length;
  }

  /** Sessions open now, every team and kind. */
  get size(): number {
    return this.#entries.size;
  }

  /** Ends every session (shutdown) and refuses new ones. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await Promise.all([...this.#entries.values()].map((entry) => this.#end(entry, 'shutdown')));
  }
}
