import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '@trawl/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLogger, startApi, type TestApi } from './helpers/api-server.js';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ auth: { 'secret-key': 'team-a' } });
});
afterAll(() => api.close());

describe('the service description and health probes', () => {
  it('answers GET / with what the server is and links to the API, the probes and the docs, without a key', async () => {
    const res = await api.request('GET', '/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Trawl',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      api: { v2: `${api.url}/v2`, v1: `${api.url}/v1`, v0: `${api.url}/v0` },
      health: { liveness: `${api.url}/healthz`, readiness: `${api.url}/readyz` },
      docs: { api: expect.stringContaining('docs/api.md') },
    });
  });

  it('answers /healthz and /readyz without a key, and the rest of the API still wants one', async () => {
    expect(await api.request('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await api.request('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', store: 'ok' } });
    expect((await api.request('GET', '/v1/team/credit-usage')).status).toBe(401);
  });

  it('is not ready (503) when its store fails, while it stays alive', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trawl-ready-'));
    const store = createSqliteStore({ path: join(dir, 'trawl.db') });
    // No embedded worker: only the probe reads the store here.
    const broken = await startApi({ store, logger: quietLogger, worker: false });
    try {
      await store.close(); // the database goes away under the running server
      const ready = await broken.request('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'not ready', store: expect.any(String) });
      expect((await broken.request('GET', '/healthz')).status).toBe(200);
    } finally {
      await broken.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
