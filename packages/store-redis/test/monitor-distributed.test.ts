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
  startWorkerProcess,
  scheduledRunFaults,
  summarizeScheduledRun,
  waitFor,
  type WorkerProcess,
} from '@trawl/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../src/index.js';
import { deleteKeys, NO_REDIS_MESSAGE, REDIS_URL, redisAnswers, uniquePrefix } from './redis-server.js';

const LEASE_MS = 1500;
const available = await redisAnswers();
if (!available) console.warn(NO_REDIS_MESSAGE);

describe.skipIf(!available)(available ? 'monitors on redis across processes' : NO_REDIS_MESSAGE, () => {
  const prefix = uniquePrefix('monitors');
  const processes: WorkerProcess[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await deleteKeys(prefix);
  });

  it('a monitor checked every second by two workers, one killed: each due time checked once, every committed check reported', async () => {
    const pages = new Map<string, ChangingPage>([['/changing/dist', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) }]]);
    const site = await startFixtureSite({ changingPages: pages });
    const receiver = await startReceiver();
    const observer = createRedisStore({ url: REDIS_URL, prefix });
    try {
      const storeUrl = `${REDIS_URL}?prefix=${prefix}`;
      const workerArgs = ['--store', storeUrl, '--lease-ms', String(LEASE_MS), '--allow-private-network'];
      const [apiNode, doomed, survivor] = await Promise.all([
        startTrawl(['serve', '--store', storeUrl, '--no-worker', '--port', '0'], /listening on http:\S+/, {
          ...process.env,
          TRAWL_ALLOW_PRIVATE_NETWORK: 'true',
        }),
        startWorkerProcess(workerArgs),
        startWorkerProcess(workerArgs),
      ]);
      processes.push(apiNode, doomed, survivor);
      const api = /listening on (http:\S+)/.exec(apiNode.log())![1]!;
      const monitorId = await createEverySecondMonitor(api, 'distributed', `${site.url}/changing/dist`, `${receiver.url}/hook`);
      const checks = async () => observer.monitors.listChecks(monitorId, { offset: 0, limit: 100 });

      await waitFor('three checks', async () => ((await checks()).length >= 3 ? true : undefined), 20_000);
      await doomed.kill();
      const atKill = (await checks()).length;
      await waitFor('four more checks', async () => ((await checks()).length >= atKill + 4 ? true : undefined), 30_000);
      await pauseMonitor(api, monitorId);
      await survivor.stop();

      const state = (await observer.monitors.get(monitorId))?.state as { lastRunAt?: string } | undefined;
      const run = summarizeScheduledRun(
        (await checks()).map((record) => record.check as CheckOutcome),
        deliveriesOf(receiver.requests),
        state?.lastRunAt,
      );
      // Every committed check reported, the killed worker's too (the survivor sends what it left
      // in the outbox); a repeat keeps its event id, so a receiver drops it.
      expect(scheduledRunFaults(run)).toEqual([]);
      // The survivor ran every check after the kill without a failure.
      expect(survivor.log()).not.toMatch(/monitor check failed/);
    } finally {
      await observer.close();
      await receiver.close();
      await site.close();
    }
  }, 90_000);
});
