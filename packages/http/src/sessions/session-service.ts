/**
 * The API's side of browser sessions and interact: core's one SessionRegistry, plus what only the
 * API knows: credits (a session's minutes), the saved profiles (in the Store's page memory), the
 * settings, and the sessions a team ended lately (`GET /v2/browser?status=destroyed`).
 */
import type { BrowserStorageState, Store } from '@trawl/core/ports';
import { reserveCredits, SessionRegistry, settleCredits, type AccountHold, type SessionEnd, type SessionEntry } from '@trawl/core/server';

/** Firecrawl's price of a browser: 2 credits per started minute. */
export const SESSION_CREDITS_PER_MINUTE = 2;
/** Ended sessions remembered per team for the `destroyed` list. */
const ENDED_KEPT = 50;
/** Profiles live in the page memory under keys no page URL can have. */
const PROFILE_KEY_PREFIX = '\0browser-profile:';

export interface SessionSettings {
  /** How long a browser scrape keeps its page for interact (0: none). */
  interactKeepMs: number;
  /** `browser` sessions one team may hold open (and as many kept scrape pages). */
  perTeam: number;
  /** Whether `code` runs (inside the page) or is refused with BROWSER_CODE_DISABLED. */
  codeEnabled: boolean;
}

export const DEFAULT_SESSION_SETTINGS: SessionSettings = { interactKeepMs: 600_000, perTeam: 5, codeEnabled: false };

export interface EndedRecord {
  id: string;
  createdAt: number;
  endedAt: number;
  lastActivity: number;
  why: SessionEnd;
  creditsBilled: number;
}

export function sessionMinutesCost(durationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / 60_000)) * SESSION_CREDITS_PER_MINUTE;
}

export class SessionService {
  readonly registry: SessionRegistry;
  readonly settings: SessionSettings;
  readonly #store: Store;
  readonly #holds = new Map<string, AccountHold>();
  readonly #ended = new Map<string, EndedRecord[]>();
  readonly #billed = new Map<string, number>();
  /** Scrapes whose interact was stopped, until their keep time ends: they get no new page. */
  readonly #stopped = new Map<string, number>();

  constructor(store: Store, settings: SessionSettings, pageMemoryKeep: number) {
    this.#store = store;
    this.settings = settings;
    this.registry = new SessionRegistry({
      perTeam: settings.perTeam,
      onEnd: (entry, why) => this.#onEnd(entry, why, pageMemoryKeep),
    });
  }

  /** Holds a session's whole TTL in credits before its page opens; INSUFFICIENT_CREDITS when the balance cannot. */
  async reserve(account: { teamId: string; apiKey: string | null }, ttlMs: number): Promise<AccountHold> {
    return reserveCredits(this.#store.teams, account, sessionMinutesCost(ttlMs));
  }

  /** Ties a hold to its session: settled at the minutes it lived when it ends. */
  attachHold(id: string, hold: AccountHold): void {
    this.#holds.set(id, hold);
  }

  async releaseHold(hold: AccountHold): Promise<void> {
    await settleCredits(this.#store.teams, hold, 0);
  }

  /** What a session was billed when it ended (for the delete answer). */
  billedFor(id: string): number {
    return this.#billed.get(id) ?? 0;
  }

  /** Marks a scrape's interact stopped until `until` (epoch ms). */
  markStopped(scrapeId: string, until: number): void {
    const now = Date.now();
    for (const [id, end] of this.#stopped) if (end <= now) this.#stopped.delete(id);
    this.#stopped.set(scrapeId, until);
  }

  wasStopped(scrapeId: string): boolean {
    return (this.#stopped.get(scrapeId) ?? 0) > Date.now();
  }

  ended(teamId: string): readonly EndedRecord[] {
    return this.#ended.get(teamId) ?? [];
  }

  async loadProfile(teamId: string, name: string): Promise<BrowserStorageState | undefined> {
    const saved = await this.#store.pages.recall(teamId, PROFILE_KEY_PREFIX + name);
    return saved?.document as BrowserStorageState | undefined;
  }

  async #onEnd(entry: SessionEntry, why: SessionEnd, keep: number): Promise<void> {
    const endedAt = Date.now();
    const hold = this.#holds.get(entry.id);
    this.#holds.delete(entry.id);
    let creditsBilled = 0;
    if (hold) {
      creditsBilled = Math.min(hold.amount > 0 ? hold.amount : Number.POSITIVE_INFINITY, sessionMinutesCost(endedAt - entry.createdAt));
      await settleCredits(this.#store.teams, hold, creditsBilled);
    }
    if (entry.kind === 'browser') {
      this.#billed.set(entry.id, creditsBilled);
      // Bounded: only the latest answer is read, right after the delete.
      if (this.#billed.size > 10_000) this.#billed.delete(this.#billed.keys().next().value!);
      const list = [
        ...this.ended(entry.teamId),
        { id: entry.id, createdAt: entry.createdAt, endedAt, lastActivity: entry.lastActivity, why, creditsBilled },
      ];
      this.#ended.set(entry.teamId, list.slice(-ENDED_KEPT));
    }
    if (entry.profile?.saveChanges && why !== 'crashed') {
      const state = await entry.page.state();
      await this.#store.pages.remember(
        {
          teamId: entry.teamId,
          key: PROFILE_KEY_PREFIX + entry.profile.name,
          url: `trawl-profile:${entry.profile.name}`,
          scrapedAt: endedAt,
          contentHash: '',
          markdown: '',
          statusCode: 200,
          document: state,
        },
        { keep },
      );
    }
  }

  close(): Promise<void> {
    return this.registry.close();
  }
}
