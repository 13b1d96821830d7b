import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MonitorCheckBody } from '@trawl/core/server';
import type { MonitorRecord, Store } from '@trawl/core/ports';
import { createSqliteStore } from '@trawl/store-sqlite';
import {
  changingPageHtml,
  type ChangingPage,
  type FixtureSite,
  INITIAL_CHANGING_PAGE,
  type ReceivedRequest,
  startFixtureSite,
  startReceiver,
} from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { monitorEvents } from '../src/monitors/monitor-webhooks.js';
import { quietLogger, startApi, type TestApi } from './helpers/api-server.js';

/**
 * Monitors on a SQLite file store, through the API's embedded worker: webhook events delivered at
 * least once from the store's outbox under stable ids, one catch-up check after a downtime
 * (whichever of two servers takes it), and the sweeper dropping checks past their retention.
 */
const dir = mkdtempSync(join(tmpdir(), 'trawl-monitor-outbox-'));
const pages = new Map<string, ChangingPage>([['/changing/outbox', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) }]]);
let site: FixtureSite;
const opened: Array<{ close(): Promise<unknown> }> = [];

beforeAll(async () => {
  site = await startFixtureSite({ changingPages: pages });
});
afterAll(async () => {
  for (const thing of opened.reverse()) await thing.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

function sqliteStore(name: string): Store {
  const store = createSqliteStore({ path: join(dir, `${name}.db`) });
  opened.push(store);
  return store;
}

async function api(store: Store, options: Parameters<typeof startApi>[0] = {}): Promise<TestApi> {
  const started = await startApi({ store, logger: quietLogger, ...options });
  opened.push(started);
  return started;
}

async function createMonitor(server: TestApi, schedule: string, webhook?: string): Promise<string> {
  const created = await server.request('POST', '/v2/monitor', {
    body: {
      name: 'outbox',
      schedule: { cron: schedule },
      targets: [{ type: 'scrape', urls: [`${site.url}/changing/outbox`] }],
      ...(webhook ? { webhook: { url: webhook, events: ['monitor.check.completed'] } } : {}),
    },
  });
  expect(created.status).toBe(200);
  return created.body.data.id as string;
}

const eventIdsOf = (requests: ReceivedRequest[]) => requests.map((request) => request.json.webhookId as string);

describe('monitor webhooks through the outbox', () => {
  it('keeps an event whose delivery failed and sends it again under the same id, then deletes it', async () => {
    // The first delivery is refused with a 503 (and the sender makes one attempt): the event stays pending.
    const receiver = await startReceiver((_req, res, index) => {
      res.statusCode = index === 0 ? 503 : 200;
      res.end();
    });
    opened.push(receiver);
    const store = sqliteStore('retry');
    const server = await api(store, { webhooks: { maxAttempts: 1 } });
    const monitorId = await createMonitor(server, '* * * * * *', `${receiver.url}/hook`);
    await vi.waitFor(
      () => {
        const ids = eventIdsOf(receiver.requests);
        expect(ids.filter((id) => id === ids[0]).length).toBe(2);
      },
      { timeout: 20_000, interval: 100 },
    );
    await server.request('PATCH', `/v2/monitor/${monitorId}`, { body: { status: 'paused' } });
    const [refused, resent] = receiver.requests.filter((request) => request.json.webhookId === receiver.requests[0]!.json.webhookId);
    // The same event: same check, same delivery id in the header and the body.
    expect(resent!.json.id).toBe(refused!.json.id);
    expect(resent!.headers['x-trawl-delivery']).toBe(refused!.headers['x-trawl-delivery']);
    expect(String(resent!.json.webhookId)).toBe(`${String(refused!.json.id)}.check.completed`);
    // Delivered events leave the outbox.
    await vi.waitFor(
      async () => expect((await store.monitors.pendingEvents({ limit: 1000 })).map((e) => e.id)).not.toContain(resent!.json.webhookId),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
  }, 60_000);

  it('delivers, when a server starts, the events a killed process committed but never sent', async () => {
    const receiver = await startReceiver();
    opened.push(receiver);
    const store = sqliteStore('orphans');
    const first = await api(store, { worker: false });
    const monitorId = await createMonitor(first, '0 0 0 1 1 *', `${receiver.url}/hook`);
    await first.close();
    // What a process killed right after its commit leaves: the check saved, its event in the outbox.
    const monitor = (await store.monitors.get(monitorId)) as MonitorRecord;
    const at = new Date().toISOString();
    const body = {
      check: { id: 'orphaned-check', monitorId, status: 'completed', summary: { totalPages: 1, same: 1 }, createdAt: at, finishedAt: at },
      pages: [],
    } as unknown as MonitorCheckBody;
    await store.monitors.update(monitorId, { events: monitorEvents(monitor, body) });
    expect((await store.monitors.pendingEvents({ limit: 1000 })).map((e) => e.id)).toEqual(['orphaned-check.check.completed']);

    await api(store);
    await receiver.waitForRequests(1);
    expect(receiver.requests[0]!.json).toMatchObject({
      type: 'monitor.check.completed',
      id: 'orphaned-check',
      webhookId: 'orphaned-check.check.completed',
    });
    await vi.waitFor(async () => expect(await store.monitors.pendingEvents({ limit: 1000 })).toEqual([]), {
      timeout: 10_000,
      interval: 100,
    });
  }, 60_000);

  it('gives up an event older than a day when its delivery fails again, so a dead receiver cannot grow the outbox', async () => {
    const receiver = await startReceiver((_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    opened.push(receiver);
    const store = sqliteStore('given-up');
    const first = await api(store, { worker: false });
    const monitorId = await createMonitor(first, '0 0 0 1 1 *', `${receiver.url}/hook`);
    await first.close();
    const monitor = (await store.monitors.get(monitorId)) as MonitorRecord;
    const at = (age: number) => new Date(Date.now() - age).toISOString();
    const checkOf = (id: string, age: number) =>
      ({
        check: { id, monitorId, status: 'completed', summary: { totalPages: 1, same: 1 }, createdAt: at(age), finishedAt: at(age) },
        pages: [],
      }) as unknown as MonitorCheckBody;
    const day = 24 * 60 * 60 * 1000;
    await store.monitors.update(monitorId, {
      events: [...monitorEvents(monitor, checkOf('stale-check', 2 * day)), ...monitorEvents(monitor, checkOf('recent-check', 60_000))],
    });

    await api(store, { webhooks: { maxAttempts: 1 } });
    await receiver.waitForRequests(2);
    // Both were tried once and refused: the day-old one is dropped, the recent one waits for the receiver.
    await vi.waitFor(
      async () => expect((await store.monitors.pendingEvents({ limit: 1000 })).map((e) => e.id)).toEqual(['recent-check.check.completed']),
      { timeout: 10_000, interval: 100 },
    );
  }, 60_000);
});

describe('a monitor after a downtime', () => {
  it('runs one catch-up check for every due time it missed, once across two servers', async () => {
    const path = 'catch-up';
    const store = sqliteStore(path);
    const setup = await api(store, { worker: false });
    const monitorId = await createMonitor(setup, '0 0 * * * *'); // hourly
    await setup.close();
    // Nothing ran for three hours: three due times passed.
    const missedSince = Date.now() - 3 * 3_600_000 - 60_000;
    await store.monitors.update(monitorId, { nextRunAt: missedSince });

    await Promise.all([api(sqliteStore(path)), api(sqliteStore(path))]);
    await vi.waitFor(async () => expect((await store.monitors.listChecks(monitorId, { offset: 0, limit: 10 })).length).toBe(1), {
      timeout: 20_000,
      interval: 100,
    });
    const [check] = await store.monitors.listChecks(monitorId, { offset: 0, limit: 10 });
    expect((check!.check as MonitorCheckBody).check).toMatchObject({
      trigger: 'scheduled',
      scheduledFor: new Date(missedSince).toISOString(),
    });
    // The next due time is the first after now, not the next missed one.
    await vi.waitFor(async () => expect((await store.monitors.get(monitorId))!.nextRunAt).toBeGreaterThan(Date.now()), {
      timeout: 10_000,
      interval: 100,
    });
    const next = (await store.monitors.get(monitorId))!.nextRunAt!;
    expect(next - Date.now()).toBeLessThanOrEqual(3_600_000);
    // Both servers keep polling: still one check for the whole downtime.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await store.monitors.listChecks(monitorId, { offset: 0, limit: 10 })).toHaveLength(1);
  }, 60_000);
});

describe('the API sweeper', () => {
  it('drops checks past their retention of a monitor that no longer runs', async () => {
    const store = sqliteStore('sweep');
    const setup = await api(store, { worker: false });
    const monitorId = await createMonitor(setup, '0 0 0 1 1 *');
    await setup.close();
    const day = 86_400_000;
    // Saved with a day's retention a day ago (less half a second): it expires in half a second.
    await store.monitors.saveCheck({ id: 'old', monitorId, createdAt: Date.now() - day + 500, check: {} }, { keep: 100, maxAgeMs: day });
    await store.monitors.saveCheck({ id: 'fresh', monitorId, createdAt: Date.now(), check: {} }, { keep: 100, maxAgeMs: day });
    expect((await store.monitors.listChecks(monitorId, { offset: 0, limit: 10 })).map((c) => c.id)).toEqual(['fresh', 'old']);
    await api(store, { worker: false, sweepIntervalMs: 100 });
    await vi.waitFor(
      async () => expect((await store.monitors.listChecks(monitorId, { offset: 0, limit: 10 })).map((c) => c.id)).toEqual(['fresh']),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
  }, 30_000);
});
