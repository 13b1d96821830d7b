// `pnpm bench hostile`: what another team waits while one team's hostile pages convert. Six
// hostile scrapes (deep nesting, 200,000 unclosed anchors, a million links) go to the API at
// once while a second team reads its credit usage, one request after another, and scrapes a small
// page, one after another; the figures are that team's longest waits (target < 1 s). The test
// (packages/http/test/hostile-pages.test.ts) proves the answers come while conversions are in
// flight; the milliseconds are measured here. Then the multi-team run of hostile-teams.ts.
import { ConvertPool } from '@trawl/core';
import { createServer } from '@trawl/http';
import { hostilePages, startFixtureSite } from '@trawl/testkit';
import { Agent, fetch } from 'undici';
import { runTeamsBenchmark, type TeamsBenchmarkResult } from './hostile-teams.js';
import { fmt, percentile, printTable } from './lib/stats.js';

export interface HostileBenchmarkResult {
  probes: number;
  p50Ms: number;
  p99Ms: number;
  /** The other team's longest wait while the hostile pages converted (target < 1000 ms). */
  maxMs: number;
  /** The other team's scrapes of a small page meanwhile: how many, and the longest (target < 1000 ms). */
  scrapes: number;
  scrapeMaxMs: number;
  /** Hostile scrapes stopped at the conversion deadline (a loaded machine), of six. */
  hostileTimedOut: number;
  teams: TeamsBenchmarkResult;
}

export async function runHostileBenchmark(): Promise<HostileBenchmarkResult> {
  const scrapes = await hostileScrapes();
  return { ...scrapes, teams: await runTeamsBenchmark() };
}

async function hostileScrapes(): Promise<Omit<HostileBenchmarkResult, 'teams'>> {
  console.log("\n## Another team's wait while hostile pages convert (`GET /v1/team/credit-usage`)\n");
  const site = await startFixtureSite();
  const pool = new ConvertPool({ deadlineMs: 120_000 });
  const server = createServer({
    allowPrivateNetwork: true,
    sweepIntervalMs: 0,
    convertPool: pool,
    auth: { 'key-attacker': 'team-attacker', 'key-other': 'team-other' },
  });
  const apiUrl = await server.listen(0, '127.0.0.1');
  // The attacker's six pages now convert one after another on its share of the threads: on a
  // loaded machine the last answers after more than fetch's default 300 s wait for headers.
  const patient = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  const call = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${apiUrl}${path}`, {
      method,
      dispatcher: patient,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).then(async (response) => ({ status: response.status, text: await response.text() }));
  const scrape = (path: string) =>
    call('POST', '/v1/scrape', 'key-attacker', { url: `${site.url}${path}`, formats: ['markdown', 'links'] });
  try {
    // Warm-up: the threads start and the site builds its 19 MB page before the clock runs.
    await scrape('/articles/minimal');
    await fetch(`${site.url}${hostilePages.millionLinks}`).then((response) => response.arrayBuffer());
    let finished = false;
    const scrapes = Promise.all(
      [
        hostilePages.nested('span', 3000),
        hostilePages.nested('b', 3000),
        hostilePages.nested('table', 3000),
        hostilePages.nested('div', 10_000),
        `${hostilePages.unclosedAnchors}?n=200000`,
        hostilePages.millionLinks,
      ].map(scrape),
    ).finally(() => (finished = true));
    /** Calls `request` one after another until the hostile scrapes are done; each call's milliseconds. */
    const probe = async (request: () => Promise<{ status: number; text: string }>) => {
      const waits: number[] = [];
      while (!finished) {
        const started = performance.now();
        const { status, text } = await request();
        waits.push(performance.now() - started);
        if (status !== 200) throw new Error(`the other team got HTTP ${status}: ${text.slice(0, 200)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return waits.sort((a, b) => a - b);
    };
    const [latencies, scrapeWaits] = await Promise.all([
      probe(() => call('GET', '/v1/team/credit-usage', 'key-other')),
      probe(() => call('POST', '/v1/scrape', 'key-other', { url: `${site.url}/articles/minimal`, formats: ['markdown'] })),
    ]);
    // On a loaded shared machine a hostile page can pass even the 120 s deadline: that is the
    // deadline doing its job (counted and printed); any other failure is a bug.
    const answers = await scrapes;
    const timedOut = answers.filter((result) => result.status === 408).length;
    const failed = answers.filter((result) => result.status !== 200 && result.status !== 408);
    if (failed.length > 0)
      throw new Error(`hostile scrapes failed: ${failed.map((f) => `${f.status} ${f.text.slice(0, 200)}`).join('; ')}`);
    const result = {
      probes: latencies.length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.at(-1) ?? 0,
      scrapes: scrapeWaits.length,
      scrapeMaxMs: scrapeWaits.at(-1) ?? 0,
      hostileTimedOut: timedOut,
    };
    printTable(
      ['requests', 'p50 ms', 'p99 ms', 'longest ms'],
      [[String(result.probes), fmt(result.p50Ms, 2), fmt(result.p99Ms, 2), fmt(result.maxMs, 1)]],
    );
    console.log(`\nlongest wait of the other team: ${fmt(result.maxMs, 1)} ms (target < 1000 ms)`);
    console.log(`longest scrape of the other team: ${fmt(result.scrapeMaxMs, 1)} ms over ${result.scrapes} scrapes (target < 1000 ms)`);
    console.log(`hostile scrapes stopped at the 120 s conversion deadline: ${timedOut} of 6`);
    return result;
  } finally {
    await patient.close();
    await server.close();
    await pool.close();
    await site.close();
  }
}
