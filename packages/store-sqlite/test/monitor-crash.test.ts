import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MonitorCheckBody } from '@trawl/core';
import {
  changingPageHtml,
  INITIAL_CHANGING_PAGE,
  type ChangingPage,
  startFixtureSite,
  startReceiver,
  startTrawl,
  waitFor,
  type WorkerProcess,
} from '@trawl/testkit';
import { afterAll, expect, it } from 'vitest';
import { createSqliteStore } from '../src/index.js';

const LEASE_MS = 1500;
const dir = mkdtempSync(join(tmpdir(), 'trawl-sqlite-monitor-'));
const processes: WorkerProcess[] = [];
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  rmSync(dir, { recursive: true, force: true });
});

function serve(path: string): Promise<WorkerProcess> {
  return startTrawl(['serve', '--store', `sqlite:${path}`, '--port', '0', '--lease-ms', String(LEASE_MS)], /listening on http:\S+/, {
    ...process.env,
    TRAWL_ALLOW_PRIVATE_NETWORK: 'true',
  });
}

const apiOf = (server: WorkerProcess) => /listening on (http:\S+)/.exec(server.log())![1]!;

it('a monitor checked every second survives a SIGKILL of the server: each due time checked once and reported once', async () => {
  const pages = new Map<string, ChangingPage>([['/changing/crash', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) }]]);
  const site = await startFixtureSite({ changingPages: pages });
  const receiver = await startReceiver();
  const path = join(dir, 'trawl.db');
  const observer = createSqliteStore({ path });
  try {
    const first = await serve(path);
    processes.push(first);
    const created = await fetch(`${apiOf(first)}/v2/monitor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'crash',
        schedule: { cron: '* * * * * *' },
        targets: [{ type: 'scrape', urls: [`${site.url}/changing/crash`] }],
        webhook: { url: `${receiver.url}/hook`, events: ['monitor.check.completed'] },
      }),
    }).then((response) => response.json() as Promise<{ data: { id: string } }>);
    const monitorId = created.data.id;
    const checks = async () => observer.monitors.listChecks(monitorId, { offset: 0, limit: 100 });

    await waitFor('three checks', async () => ((await checks()).length >= 3 ? true : undefined), 20_000);
    await first.kill();
    const atKill = (await checks()).length;

    const second = await serve(path);
    processes.push(second);
    await waitFor('three more checks', async () => ((await checks()).length >= atKill + 3 ? true : undefined), 30_000);
    await fetch(`${apiOf(second)}/v2/monitor/${monitorId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'paused' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await second.stop();

    const bodies = (await checks()).map((record) => record.check as MonitorCheckBody);
    const scheduled = bodies.filter((body) => body.check.trigger === 'scheduled');
    // One check per due time: no due time ran twice as two checks, even the one the kill interrupted.
    const dueTimes = scheduled.map((body) => body.check.scheduledFor);
    expect(new Set(dueTimes).size).toBe(dueTimes.length);
    expect(scheduled.every((body) => body.check.status === 'completed')).toBe(true);
    // One webhook per check: never two for a due time. At most one may be lost, to a kill between
    // the store's acceptance of the check and the delivery leaving the process.
    const delivered = receiver.requests.map((request) => request.json.id as string);
    expect(new Set(delivered).size).toBe(delivered.length);
    const checkIds = new Set(scheduled.map((body) => body.check.id));
    expect(delivered.every((id) => checkIds.has(id))).toBe(true);
    expect(delivered.length).toBeGreaterThanOrEqual(scheduled.length - 1);
  } finally {
    await observer.close();
    await receiver.close();
    await site.close();
  }
}, 90_000);
