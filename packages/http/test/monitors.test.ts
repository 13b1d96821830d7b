import { createMemoryStore } from '@trawl/core';
import {
  changingPageHtml,
  INITIAL_CHANGING_PAGE,
  type ChangingPage,
  type ChangingPageState,
  type FixtureSite,
  type Receiver,
  startFixtureSite,
  startReceiver,
} from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { failureOf } from './helpers/sdk-error.js';

/** Monitors through the 4.x SDK: every call it has, checks run by the server's worker on a one-second schedule. */
const pages = new Map<string, ChangingPage>();
let site: FixtureSite;
let receiver: Receiver;
let api: TestApi;
let app: Firecrawl;

const publish = (path: string, changes: Partial<ChangingPageState> = {}) =>
  pages.set(path, { status: 200, html: changingPageHtml({ ...INITIAL_CHANGING_PAGE, ...changes }) });

beforeAll(async () => {
  site = await startFixtureSite({ changingPages: pages });
  receiver = await startReceiver();
  api = await startApi({
    store: createMemoryStore(),
    auth: { 'fc-mon': 'mon-team', 'fc-else': 'else-team' },
    webhooks: { maxAttempts: 1 },
  });
  app = new Firecrawl({ apiKey: 'fc-mon', apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await receiver?.close();
  await site?.close();
});

describe('monitors through the 4.x SDK', () => {
  it('create, list, get, scheduled checks with per-page status and diffs, webhooks, update, run, checks, delete', async () => {
    publish('/changing/mon-a');
    publish('/changing/mon-b');
    const monitor = await app.createMonitor({
      name: 'kettle prices',
      schedule: { cron: '* * * * * *' },
      targets: [{ id: 'shop', type: 'scrape', urls: [`${site.url}/changing/mon-a`, `${site.url}/changing/mon-b`] }],
      webhook: { url: `${receiver.url}/monitor`, metadata: { who: 'test' } },
    });
    expect(monitor).toMatchObject({
      name: 'kettle prices',
      status: 'active',
      schedule: { cron: '* * * * * *', timezone: 'UTC' },
      retentionDays: 30,
    });
    expect(Date.parse(monitor.nextRunAt!)).toBeGreaterThan(Date.now() - 1000);
    expect((await app.listMonitors()).map((m) => m.id)).toContain(monitor.id);
    expect((await app.getMonitor(monitor.id)).name).toBe('kettle prices');
    const stranger = new Firecrawl({ apiKey: 'fc-else', apiUrl: api.url });
    expect((await failureOf(stranger.getMonitor(monitor.id))).status).toBe(404);

    // The first scheduled check sees both pages as new.
    await vi.waitFor(async () => expect((await app.listMonitorChecks(monitor.id)).length).toBeGreaterThanOrEqual(1), {
      timeout: 10_000,
      interval: 200,
    });
    const [first] = (await app.listMonitorChecks(monitor.id)).reverse();
    expect(first).toMatchObject({ trigger: 'scheduled', status: 'completed', summary: { totalPages: 2, new: 2 } });

    publish('/changing/mon-a', { price: '$41.00' });
    let changedCheckId = '';
    await vi.waitFor(
      async () => {
        const checks = await app.listMonitorChecks(monitor.id);
        const changed = checks.find((check) => check.summary.changed === 1);
        expect(changed).toBeDefined();
        changedCheckId = changed!.id;
      },
      { timeout: 10_000, interval: 200 },
    );
    const detail = await app.getMonitorCheck(monitor.id, changedCheckId);
    const changedPage = detail.pages.find((page) => page.status === 'changed')!;
    expect(changedPage.url).toBe(`${site.url}/changing/mon-a`);
    expect(changedPage.diff?.text).toContain('+Price: **$41.00**');
    expect(detail.pages.find((page) => page.url.endsWith('mon-b'))?.status).toBe('same');
    const onlyChanged = await app.getMonitorCheck(monitor.id, changedCheckId, { status: 'changed' });
    expect(onlyChanged.pages).toHaveLength(1);

    // Pause: no more scheduled checks; each due time was checked once and reported once.
    const paused = await app.updateMonitor(monitor.id, { status: 'paused', name: 'kettle prices (paused)' });
    expect(paused).toMatchObject({ status: 'paused', nextRunAt: null, name: 'kettle prices (paused)' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const checks = await app.listMonitorChecks(monitor.id, { limit: 100 });
    const scheduled = checks.filter((check) => check.trigger === 'scheduled');
    expect(new Set(scheduled.map((check) => check.scheduledFor)).size).toBe(scheduled.length);
    const completed = receiver.requests.filter((r) => r.json.type === 'monitor.check.completed');
    await vi.waitFor(
      () => expect(receiver.requests.filter((r) => r.json.type === 'monitor.check.completed').length).toBe(scheduled.length),
      { timeout: 5000 },
    );
    const completedIds = receiver.requests.filter((r) => r.json.type === 'monitor.check.completed').map((r) => r.json.id);
    expect(new Set(completedIds).size).toBe(completedIds.length);
    expect(completed[0]!.json).toMatchObject({ success: true, metadata: { who: 'test' } });
    const pageEvents = receiver.requests.filter((r) => r.json.type === 'monitor.page');
    expect(pageEvents.length).toBe(scheduled.length * 2);
    expect(pageEvents.some((r) => (r.json.data as Array<{ status: string }>)[0]!.status === 'changed')).toBe(true);

    // A manual run answers at once and is recorded with its pages.
    const run = await app.runMonitor(monitor.id);
    expect(run).toMatchObject({ monitorId: monitor.id, trigger: 'manual', status: 'running' });
    await vi.waitFor(async () => expect((await app.getMonitorCheck(monitor.id, run.id)).status).toBe('completed'), {
      timeout: 10_000,
      interval: 200,
    });
    expect((await app.getMonitorCheck(monitor.id, run.id)).summary).toMatchObject({ totalPages: 2, same: 2 });

    expect(await app.deleteMonitor(monitor.id)).toBe(true);
    expect((await failureOf(app.getMonitor(monitor.id))).status).toBe(404);
  });

  it('refuses a bad schedule, search targets and the hosted judge', async () => {
    const base = { name: 'x', targets: [{ type: 'scrape' as const, urls: [`${site.url}/changing/none`] }] };
    expect((await failureOf(app.createMonitor({ ...base, schedule: { cron: 'every tuesday' } }))).status).toBe(400);
    expect((await failureOf(app.createMonitor({ ...base, schedule: { text: 'whenever' } }))).status).toBe(400);
    const search = await failureOf(
      app.createMonitor({ name: 'x', schedule: { text: 'hourly' }, targets: [{ type: 'search', queries: ['kettles'] }] }),
    );
    expect(search.status).toBe(501);
    expect((await failureOf(app.createMonitor({ ...base, schedule: { text: 'daily at 9:00' }, judgeEnabled: true }))).status).toBe(501);
    const hourly = await app.createMonitor({ ...base, schedule: { text: 'every 30 minutes' } });
    expect(hourly.schedule.cron).toBe('0 */30 * * * *');
    await app.deleteMonitor(hourly.id);
  });
});
