import { OPEN_POLICY, STRICT_POLICY } from '@trawl/core';
import { SessionRegistry, type SessionEnd } from '@trawl/core/server';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaywrightBrowser, type PlaywrightBrowser } from '../src/index.js';

/**
 * Core's SessionRegistry over real Chromium pages: TTL and idle reaping (on a clock the test
 * moves), a page whose browser went away, the per-team cap, and close on shutdown. Every end
 * leaves no context and no kept page behind.
 */
let site: FixtureSite;
let browser: PlaywrightBrowser;
// The fixture site is on loopback: the open policy lets the pages reach it.
const policy = OPEN_POLICY;

beforeAll(async () => {
  site = await startFixtureSite();
  browser = createPlaywrightBrowser({ maxConcurrentPages: 1, idleTimeoutMs: 600_000 });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

function registry(now: () => number, ends: SessionEnd[]) {
  return new SessionRegistry({ perTeam: 2, now, sweepMs: 3_600_000, onEnd: async (_entry, why) => void ends.push(why) });
}

describe('SessionRegistry with Chromium pages', () => {
  it('reaps an idle session, then one past its TTL even while in use, and leaves no context behind', async () => {
    let now = 1_000;
    const ends: SessionEnd[] = [];
    const sessions = registry(() => now, ends);
    const idle = await sessions.add({
      id: 'idle',
      teamId: 't',
      kind: 'browser',
      page: await browser.openSession({ policy }),
      ttlMs: 60_000,
      idleMs: 5_000,
    });
    const busy = await sessions.add({
      id: 'busy',
      teamId: 't',
      kind: 'browser',
      page: await browser.openSession({ policy }),
      ttlMs: 20_000,
      idleMs: 5_000,
    });
    expect(browser.stats().keptPages).toBe(2);
    // The page works, and a call counts as activity.
    const loaded = await sessions.use('t', 'browser', 'busy', (entry) => entry.page.goto(`${site.url}/articles/minimal`, 10_000));
    expect(Buffer.from(loaded.body).toString()).toContain(phrases.minimal);

    now += 4_000;
    await sessions.use('t', 'browser', 'busy', (entry) => entry.page.runCode('return 1', 5_000));
    now += 2_000;
    expect(await sessions.sweep()).toBe(1);
    expect(ends).toEqual(['idle']);
    expect(idle.page.closed()).toBe(true);
    expect(() => sessions.get('t', 'browser', 'idle')).toThrow(/Browser session not found/);

    // Used every 2 s (never idle for its 5 s) until 13 s, then looked at past its 20 s TTL.
    for (let step = 0; step < 3; step++) {
      now += 2_000;
      await sessions.use('t', 'browser', 'busy', (entry) => entry.page.runCode('return 1', 5_000));
    }
    now += 9_000;
    expect(await sessions.sweep()).toBe(1);
    expect(ends).toEqual(['idle', 'expired']);
    expect(busy.page.closed()).toBe(true);
    expect(browser.stats()).toMatchObject({ keptPages: 0, contexts: 0 });
    await sessions.close();
  });

  it('holds a team to its cap, keeps teams apart, and closes every page on shutdown', async () => {
    const ends: SessionEnd[] = [];
    const sessions = registry(() => Date.now(), ends);
    for (const id of ['a', 'b'])
      await sessions.add({ id, teamId: 't', kind: 'browser', page: await browser.openSession({ policy }), ttlMs: 60_000, idleMs: 60_000 });
    const refused = await browser.openSession({ policy });
    await expect(
      sessions.add({ id: 'c', teamId: 't', kind: 'browser', page: refused, ttlMs: 60_000, idleMs: 60_000 }),
    ).rejects.toMatchObject({
      code: 'BROWSER_SESSION_LIMIT',
    });
    // The refused page is closed, not left open.
    expect(refused.closed()).toBe(true);
    await sessions.add({
      id: 'c',
      teamId: 'other',
      kind: 'browser',
      page: await browser.openSession({ policy }),
      ttlMs: 60_000,
      idleMs: 60_000,
    });
    expect(() => sessions.get('other', 'browser', 'a')).toThrow(/Browser session not found/);
    await expect(sessions.end('other', 'browser', 'a')).rejects.toMatchObject({ code: 'BROWSER_SESSION_NOT_FOUND' });
    expect(browser.stats().keptPages).toBe(3);

    await sessions.close();
    expect(ends.sort()).toEqual(['shutdown', 'shutdown', 'shutdown']);
    expect(browser.stats()).toMatchObject({ keptPages: 0, contexts: 0 });
    await expect(
      sessions.add({ id: 'd', teamId: 't', kind: 'browser', page: await browser.openSession({ policy }), ttlMs: 1, idleMs: 1 }),
    ).rejects.toThrow(/shutting down/);
  });

  it('ends a session whose browser went away (a crash), with nothing to save', async () => {
    const ends: SessionEnd[] = [];
    const sessions = registry(() => Date.now(), ends);
    const own = createPlaywrightBrowser({ maxConcurrentPages: 1 });
    const entry = await sessions.add({
      id: 'x',
      teamId: 't',
      kind: 'browser',
      page: await own.openSession({ policy }),
      ttlMs: 60_000,
      idleMs: 60_000,
    });
    await own.close();
    expect(entry.page.closed()).toBe(true);
    expect(await sessions.sweep()).toBe(1);
    expect(ends).toEqual(['crashed']);
    await sessions.close();
  });

  it("keeps a session's page behind the SSRF guard: a loopback page, and a script's request to one, are refused", async () => {
    const page = await browser.openSession({ policy: STRICT_POLICY });
    try {
      await expect(page.goto(`${site.url}/articles/minimal`, 10_000)).rejects.toMatchObject({ code: 'SCRAPE_BLOCKED_URL' });
      const fetched = await page.runCode(
        `return fetch(${JSON.stringify(`${site.url}/articles/minimal`)}).then((r) => r.status, () => 'refused')`,
        10_000,
      );
      expect(JSON.parse(fetched.result ?? 'null')).not.toBe(200);
    } finally {
      await page.close();
    }
  });
});
