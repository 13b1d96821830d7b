import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '@trawl/core';
import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { startApi } from './helpers/api-server.js';

let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
});

describe('server failures', () => {
  it('answers 500 with the spec’s message in each endpoint’s form, and logs the cause', async () => {
    const store = createMemoryStore();
    const outage = new Error('disk on fire');
    // A store whose reads fail, as one does when its database goes away.
    store.jobs.get = async () => {
      throw outage;
    };
    store.teams.getCredits = async () => {
      throw outage;
    };
    store.teams.reserve = async () => {
      throw outage;
    };
    const logged: unknown[] = [];
    const api = await startApi({ store, worker: false, logger: { error: (_message, error) => logged.push(error) } });
    try {
      const status = await api.request('GET', '/v1/crawl/any-id');
      expect(status.status).toBe(500);
      expect(status.body).toEqual({ error: 'An unexpected error occurred on the server.' });
      const v0 = await api.request('GET', '/v0/crawl/status/any-id');
      expect(v0.body).toEqual({ error: 'An unexpected error occurred on the server.' });
      const usage = await api.request('GET', '/v1/team/credit-usage');
      expect(usage.status).toBe(500);
      expect(usage.body).toEqual({ success: false, error: 'Internal server error while fetching credit usage' });
      const scrape = await api.request('POST', '/v1/scrape', { body: { url: `${site.url}/articles/minimal` } });
      expect(scrape.status).toBe(500);
      expect(scrape.body).toEqual({ error: 'An unexpected error occurred on the server.' });
      expect(logged).toContain(outage);
      expect(logged.length).toBeGreaterThanOrEqual(3);
    } finally {
      await api.close();
    }
  });
});

describe('expiry', () => {
  it('reports expiresAt from the retention and sweeps expired jobs away', async () => {
    const store = createMemoryStore();
    // Three seconds: with one second, a busy machine's poll could arrive after the sweep.
    const api = await startApi({ store, retentionMs: 3_000, sweepIntervalMs: 100 });
    try {
      const start = await api.request('POST', '/v1/batch/scrape', { body: { urls: [`${site.url}/blog/5`] } });
      const done = await api.waitForJob(`/v1/batch/scrape/${start.body.id}`);
      expect(done.status).toBe(200);
      const expiresAt = new Date(done.body.expiresAt).getTime();
      expect(expiresAt).toBeGreaterThan(Date.now());
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_000);
      expect(store.footprint().jobs).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 300));
      expect(store.footprint()).toMatchObject({ jobs: 0, resultEntries: 0 });
      const gone = await api.request('GET', `/v1/batch/scrape/${start.body.id}`);
      expect(gone.status).toBe(404);
    } finally {
      await api.close();
    }
  });
});
