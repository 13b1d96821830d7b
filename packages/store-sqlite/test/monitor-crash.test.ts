import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CheckOutcome,
  changingPageHtml,
  createEverySecondMonitor,
  deliveriesOf,
  INITIAL_CHANGING_PAGE,
  type ChangingPage,
  pauseMonitor,
  startFixtureSite,
  startReceiver,
  startTrawl,
  scheduledRunFaults,
  summarizeScheduledRun,
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

it('a monitor checked every second survives a SIGKILL of the server: each due time checked once, every committed check reported', async () => {
  const pages = new Map<string, ChangingPage>([['/changing/crash', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) }]]);
  const site = await startFixtureSite({ changingPages: pages });
  const receiver = await startReceiver();
  const path = join(dir, 'trawl.db');
  const observer = createSqliteStore({ path });
  try {
    const first = await serve(path);
    processes.push(first);
    const monitorId = await createEverySecondMonitor(apiOf(first), 'crash', `${site.url}/changing/crash`, `${receiver.url}/hook`);
    const checks = async () => observer.monitors.listChecks(monitorId, { offset: 0, limit: 100 });

    await waitFor('three checks', async () => ((await checks()).length >= 3 ? true : undefined), 20_000);
    await first.kill();
    const atKill = (await checks()).length;

    const second = await serve(path);
    processes.push(second);
    await waitFor('three more checks', async () => ((await checks()).length >= atKill + 3 ? true : undefined), 30_000);
    await pauseMonitor(apiOf(second), monitorId);
    await second.stop();

    const state = (await observer.monitors.get(monitorId))?.state as { lastRunAt?: string } | undefined;
    const run = summarizeScheduledRun(
      (await checks()).map((record) => record.check as CheckOutcome),
      deliveriesOf(receiver.requests),
      state?.lastRunAt,
    );
    // One check per due time, even the one the kill interrupted; every committed check reported:
    // its event went to the outbox in the commit, so a kill between the commit and the delivery
    // only delays it to the restart. A repeat keeps its event id.
    expect(scheduledRunFaults(run)).toEqual([]);
  } finally {
    await observer.close();
    await receiver.close();
    await site.close();
  }
}, 90_000);
