import { startSyntheticSite } from './synthetic/site.js';
import { startWorkerProcess, waitFor, type WorkerProcess } from './trawl-process.js';

const PAGES = 200;
const CREDITS = 1_000;
const CONCURRENCY = 10;
const TEAM = 'team';

/** What the scenario reads of a store (structural, so the kit needs no Trawl package). */
export interface CreditsStoreView {
  jobs: { get(id: string): Promise<{ status: string; counters: { completed: number; failed: number; creditsUsed: number } } | null> };
  teams: {
    setCredits(teamId: string, credits: number | null): Promise<void>;
    getCredits(teamId: string): Promise<number | null>;
    reclaimHolds(): Promise<Array<{ teamId: string; amount: number }>>;
    listUsage(teamId: string): Promise<Array<{ credits: number }>>;
  };
}

export interface KilledWorkerScenario {
  /** The store the crawl lives in, read with the real clock. */
  store: CreditsStoreView;
  /** The same storage read with a clock past the killed worker's hold owner lease. */
  later: CreditsStoreView;
  /** Creates a crawl of `url` for `teamId` (with an API key) in the store; resolves its id. */
  startCrawl(url: string, teamId: string): Promise<string>;
  /** The `--store` argument of the workers. */
  storeArg: string;
  /** Every worker started, for the test to stop at the end. */
  workers: WorkerProcess[];
}

export interface KilledWorkerFigures {
  reclaimed: number;
  /** Pages recorded but not settled when the worker died (their holds went back whole). */
  unsettledAtKill: number;
}

function check(condition: boolean, what: string, figures: Record<string, number>): void {
  if (!condition) throw new Error(`${what}: ${JSON.stringify(figures)}`);
}

async function chargedAndUsage(view: CreditsStoreView): Promise<{ charged: number; usage: number }> {
  const charged = CREDITS - ((await view.teams.getCredits(TEAM)) ?? 0);
  const usage = (await view.teams.listUsage(TEAM)).reduce((sum, row) => sum + row.credits, 0);
  return { charged, usage };
}

/**
 * Issue 31: crawls a 200-page synthetic site (a credit a page, a team with 1,000) with a `trawl
 * worker` of concurrency 10, kills it (SIGKILL) mid-crawl, checks that its holds stay taken while
 * its owner lease runs and go back whole, once, to a sweep after it; then a new worker finishes
 * the crawl, and the team is charged for each page once and its usage history counts exactly
 * what it was charged. Throws on the first check that fails.
 */
export async function killWorkerMidCrawl(scenario: KilledWorkerScenario): Promise<KilledWorkerFigures> {
  const site = await startSyntheticSite({ pages: PAGES, minPageBytes: 2000, maxPageBytes: 6000 });
  try {
    await scenario.store.teams.setCredits(TEAM, CREDITS);
    return await killAndRecover(scenario, await scenario.startCrawl(site.url, TEAM));
  } finally {
    await site.close();
  }
}

async function killAndRecover(scenario: KilledWorkerScenario, jobId: string): Promise<KilledWorkerFigures> {
  const { store, later, workers } = scenario;
  const workerArgs = ['--store', scenario.storeArg, '--lease-ms', '2000', '--concurrency', String(CONCURRENCY), '--allow-private-network'];
  const first = await startWorkerProcess(workerArgs);
  workers.push(first);
  await waitFor('the first pages', async () => ((await store.jobs.get(jobId))!.counters.completed >= PAGES / 5 ? true : undefined));
  await first.kill();

  const counted = (await store.jobs.get(jobId))!.counters.creditsUsed;
  const atKill = await chargedAndUsage(store);
  check(counted < PAGES && atKill.charged > counted, 'pages in flight at the kill hold their credits', { counted, ...atKill });
  const early = (await store.teams.reclaimHolds()).filter((hold) => hold.teamId === TEAM).length;
  check(early === 0, 'nothing is reclaimed while the owner lease runs', { early });

  const reclaimed = (await later.teams.reclaimHolds()).filter((hold) => hold.teamId === TEAM);
  const again = (await later.teams.reclaimHolds()).filter((hold) => hold.teamId === TEAM).length;
  const swept = await chargedAndUsage(store);
  const figures = { counted, reclaimed: reclaimed.length, again, ...swept };
  check(reclaimed.length > 0 && again === 0, 'the holds go back once, to one sweep', figures);
  check(
    reclaimed.every((hold) => hold.amount === 1),
    'each hold is reclaimed whole',
    figures,
  );
  // Never charged beyond the work recorded; short only by pages recorded in the instant before their settlement.
  check(swept.charged <= counted && swept.charged >= counted - CONCURRENCY, 'charged for recorded work only', figures);
  check(swept.usage === swept.charged, 'the usage history counts what was charged', figures);

  workers.push(await startWorkerProcess(workerArgs));
  const finished = await waitFor('the crawl to finish', async () => {
    const record = await store.jobs.get(jobId);
    return record?.status === 'scraping' ? undefined : record;
  });
  const end = await chargedAndUsage(store);
  const unsettledAtKill = counted - swept.charged;
  const done = { ...finished!.counters, ...end, unsettledAtKill };
  check(finished!.status === 'completed' && done.completed === PAGES && done.failed === 0, 'the crawl completes', done);
  check(end.charged === PAGES - unsettledAtKill, 'each page is charged once', done);
  check(end.usage === end.charged, 'the usage history counts what was charged', done);
  return { reclaimed: reclaimed.length, unsettledAtKill };
}
