import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changingPageHtml, INITIAL_CHANGING_PAGE, startFixtureSite, type ChangingPage, type FixtureSite } from '@trawl/testkit';
import { createMemoryStore, createRuntime } from '../../src/index.js';
import type { MonitorSpec } from '../../src/monitors/monitor-spec.js';
import { nextRunAfter, normalizeSchedule } from '../../src/monitors/schedule.js';
import { runMonitorNow } from '../../src/monitors/manual-run.js';
import { scheduledCheckId } from '../../src/monitors/monitor-scheduler.js';

const pages = new Map<string, ChangingPage>();
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ changingPages: pages });
});
afterAll(async () => {
  await site.close();
});

const hub = (links: string[]) =>
  `<!doctype html><html><head><title>Hub</title></head><body><main><h1>Products</h1><ul>${links
    .map((path) => `<li><a href="${path}">${path}</a></li>`)
    .join('')}</ul><p>Every product we sell, listed on one page for the monitor to find.</p></main></body></html>`;

describe('schedules', () => {
  it('reads cron of 5 and 6 fields and the phrases, in a timezone, and refuses the rest', () => {
    expect(normalizeSchedule({ cron: '*/30 * * * *' })).toEqual({ cron: '*/30 * * * *', timezone: 'UTC' });
    expect(normalizeSchedule({ text: 'every 10 seconds' }).cron).toBe('*/10 * * * * *');
    expect(normalizeSchedule({ text: 'every minute' }).cron).toBe('0 * * * * *');
    expect(normalizeSchedule({ text: 'hourly' }).cron).toBe('0 0 * * * *');
    expect(normalizeSchedule({ text: 'daily at 9:30 pm', timezone: 'Europe/Paris' })).toMatchObject({
      cron: '0 30 21 * * *',
      timezone: 'Europe/Paris',
    });
    for (const bad of [{ cron: 'every day' }, { text: 'now and then' }, { cron: '* * * * *', timezone: 'Mars/Olympus' }, {}]) {
      expect(() => normalizeSchedule(bad)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    }
  });

  it('gives the next due time strictly after a moment, in the schedule timezone', () => {
    const at = Date.UTC(2026, 10, 24, 8, 15, 0);
    expect(nextRunAfter(normalizeSchedule({ cron: '0 9 * * *' }), at)).toBe(Date.UTC(2026, 10, 24, 9, 0, 0));
    expect(nextRunAfter(normalizeSchedule({ cron: '0 9 * * *', timezone: 'Europe/Paris' }), at)).toBe(Date.UTC(2026, 10, 25, 8, 0, 0));
    expect(nextRunAfter(normalizeSchedule({ cron: '* * * * * *' }), at)).toBe(at + 1000);
    expect(scheduledCheckId('m', at)).toBe(scheduledCheckId('m', at));
    expect(scheduledCheckId('m', at)).not.toBe(scheduledCheckId('m', at + 1000));
  });
});

describe('a monitor check of a crawl target', () => {
  it('finds the pages with a map on each check, and reports a page it no longer finds as removed', async () => {
    pages.set('/changing/hub', { status: 200, html: hub(['/changing/p1', '/changing/p2']) });
    pages.set('/changing/p1', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) });
    pages.set('/changing/p2', { status: 200, html: changingPageHtml({ ...INITIAL_CHANGING_PAGE, title: 'Second kettle' }) });
    const store = createMemoryStore();
    const spec: MonitorSpec = {
      name: 'shop',
      status: 'active',
      schedule: normalizeSchedule({ text: 'hourly' }),
      targets: [{ id: 'site', type: 'crawl', url: `${site.url}/changing/hub`, limit: 10, request: {} }],
      scrapeOptions: { site: { formats: ['markdown'] } },
      changeTracking: { site: { modes: ['git-diff'] } },
      retentionDays: 30,
    };
    const monitor = (await store.monitors.create({ id: 'shop', teamId: 'team', createdAt: Date.now(), spec, nextRunAt: null }))!;
    const check = async () => {
      const run = await runMonitorNow({ store, runtime: createRuntime({ convertPool: false }) }, (await store.monitors.get(monitor.id))!);
      return (await run.done)!;
    };
    const first = await check();
    expect(first.check.summary).toMatchObject({ totalPages: 3, new: 3 });

    pages.set('/changing/hub', { status: 200, html: hub(['/changing/p1']) });
    pages.set('/changing/p1', { status: 200, html: changingPageHtml({ ...INITIAL_CHANGING_PAGE, price: '$20.00' }) });
    const second = await check();
    const byPath = Object.fromEntries(second.pages.map((page) => [new URL(page.url).pathname, page.status]));
    expect(byPath).toEqual({ '/changing/hub': 'changed', '/changing/p1': 'changed', '/changing/p2': 'removed' });
    expect(second.pages.find((page) => page.url.endsWith('/p1'))?.diff?.text).toContain('+Price: **$20.00**');
    expect((await store.monitors.get(monitor.id))?.state).toMatchObject({ lastCheckSummary: { changed: 2, removed: 1 } });
    expect((await store.monitors.listChecks(monitor.id, { offset: 0, limit: 10 })).map((record) => record.id)).toEqual([
      second.check.id,
      first.check.id,
    ]);
  });
});

describe('check retention', () => {
  it("drops a monitor's checks older than its retentionDays when a check is saved", async () => {
    pages.set('/changing/kept', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) });
    let clock = Date.UTC(2026, 10, 1);
    const now = () => clock;
    const store = createMemoryStore({ now });
    const spec: MonitorSpec = {
      name: 'kettle',
      status: 'active',
      schedule: normalizeSchedule({ text: 'hourly' }),
      targets: [{ id: 'page', type: 'scrape', urls: [`${site.url}/changing/kept`], request: {} }],
      scrapeOptions: { page: { formats: ['markdown'] } },
      changeTracking: { page: { modes: ['git-diff'] } },
      retentionDays: 1,
    };
    const monitor = (await store.monitors.create({ id: 'kettle', teamId: 'team', createdAt: clock, spec, nextRunAt: null }))!;
    const check = async () => (await (await runMonitorNow({ store, now, runtime: createRuntime({ convertPool: false }) }, monitor)).done)!;
    const first = await check();
    clock += 12 * 3_600_000;
    const second = await check();
    const ids = async () => (await store.monitors.listChecks(monitor.id, { offset: 0, limit: 10 })).map((record) => record.id);
    expect(await ids()).toEqual([second.check.id, first.check.id]);
    clock += 18 * 3_600_000; // the first check is now 30 hours old, the second 18
    const third = await check();
    expect(await ids()).toEqual([third.check.id, second.check.id]);
  });
});

describe('a monitor stored before MonitorSpec.engine became scrapeOptions', () => {
  it('still scrapes its targets with the options kept under `engine`', async () => {
    pages.set('/changing/legacy', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) });
    const store = createMemoryStore();
    const { scrapeOptions: _renamed, ...rest }: MonitorSpec = {
      name: 'legacy',
      status: 'active',
      schedule: normalizeSchedule({ text: 'hourly' }),
      targets: [{ id: 'page', type: 'scrape', urls: [`${site.url}/changing/legacy`], request: {} }],
      scrapeOptions: {},
      changeTracking: { page: { modes: ['git-diff'] } },
      retentionDays: 1,
    };
    // The json format needs a model this runtime lacks: the page fails only if the stored options are read.
    const spec = { ...rest, engine: { page: { formats: ['json'], jsonOptions: { prompt: 'the price' } } } };
    const monitor = (await store.monitors.create({ id: 'legacy', teamId: 'team', createdAt: Date.now(), spec, nextRunAt: null }))!;
    const run = await runMonitorNow({ store, runtime: createRuntime({ convertPool: false }) }, monitor);
    const { pages: checked } = (await run.done)!;
    expect(checked.map((page) => page.status)).toEqual(['error']);
    expect(checked[0]?.error).toMatch(/LLM|model|json/i);
  });
});
