import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { phrases, startFixtureSite, waitFor, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { spawnServe, type ServeProcess } from './serve-process.js';

let site: FixtureSite;
let dir: string;
const running: ServeProcess[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  dir = await mkdtemp(join(tmpdir(), 'trawl-serve-'));
});
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const server = await spawnServe(args, { cwd: dir, env }).ready;
  running.push(server);
  return server;
}

async function stop(server: ServeProcess): Promise<number | null> {
  running.splice(running.indexOf(server), 1);
  return server.stop();
}

const json = (url: string, init: RequestInit = {}) => fetch(url, init).then(async (r) => ({ status: r.status, body: await r.json() }));
const post = (url: string, body: unknown, token?: string) =>
  json(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

// Each test starts real processes: slow on a busy machine.
describe('trawl serve', { timeout: 90_000 }, () => {
  it('serves the API with settings from the environment, runs no jobs with --no-worker, and stops cleanly on SIGTERM', async () => {
    const server = await start(['--no-worker'], {
      TRAWL_STORE: 'memory',
      TRAWL_ALLOW_PRIVATE_NETWORK: 'true',
      TRAWL_API_KEYS: 'secret-key:team-a',
      TRAWL_CHROMIUM_PATH: join(dir, 'no-chromium-here'),
    });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.output().stdout).toMatch(/store: memory; worker: off; auth: 1 key\(s\);/);
    // The banner never says `browser: on` for a Chromium that cannot run, and names the offline search.
    expect(server.output().stdout).toContain(
      `browser: off (TRAWL_CHROMIUM_PATH is ${join(dir, 'no-chromium-here')}, which is not an executable file)`,
    );
    expect(server.output().stdout).toMatch(/search: duckduckgo \(needs internet access; offline: TRAWL_SEARCH_PROVIDER=local/);
    expect(server.output().stdout).toMatch(/^private networks: allowed \(SSRF guard off/m);
    expect((await json(`${server.url}/v1/team/credit-usage`)).status).toBe(401);
    const scraped = await post(`${server.url}/v1/scrape`, { url: `${site.url}/articles/boilerplate` }, 'secret-key');
    expect(scraped.status).toBe(200);
    expect(scraped.body.data.markdown).toContain(phrases.articleLead);
    // Jobs wait in the store for a worker elsewhere.
    const batch = await post(`${server.url}/v1/batch/scrape`, { urls: [`${site.url}/blog/1`] }, 'secret-key');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const status = await json(`${server.url}/v1/batch/scrape/${batch.body.id}`, { headers: { authorization: 'Bearer secret-key' } });
    expect(status.body).toMatchObject({ status: 'scraping', completed: 0, total: 1 });
    expect(await stop(server)).toBe(0);
    expect(server.output().stdout).toMatch(/SIGTERM: shutting down/);
    // The memory store wrote nothing to disk.
    expect(existsSync(join(dir, '.trawl'))).toBe(false);
  });

  it('with TRAWL_SEARCH_PROVIDER=local, searches the pages its crawls kept, and so does `trawl search`', async () => {
    const store = `sqlite:${join(dir, 'local-search.db')}`;
    const server = await start([], { TRAWL_STORE: store, TRAWL_SEARCH_PROVIDER: 'local', TRAWL_ALLOW_PRIVATE_NETWORK: 'true' });
    expect(server.output().stdout).toContain('search: local');
    const started = await post(`${server.url}/v1/crawl`, { url: `${site.url}/articles/boilerplate`, limit: 1 });
    let crawl = await json(`${server.url}/v1/crawl/${started.body.id}`);
    for (
      const deadline = Date.now() + 15_000;
      crawl.body.status === 'scraping' && Date.now() < deadline;
      crawl = await json(`${server.url}/v1/crawl/${started.body.id}`)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(crawl.body.status).toBe('completed');
    const found = await waitFor(
      'the page in the local index',
      async () => {
        const reply = await post(`${server.url}/v1/search`, { query: 'harbour pilots' });
        return reply.body.data?.length ? reply : undefined;
      },
      10_000,
    );
    expect(found.body.data[0].url).toBe(`${site.url}/articles/boilerplate`);
    expect(await stop(server)).toBe(0);
    // An open server's one team is `local`: its pages are that team's corpus.
    const cli = await runCli(['search', 'harbour pilots', '--provider', 'local', '--store', store, '--team', 'local']);
    expect(cli.stdout).toContain(`${site.url}/articles/boilerplate`);
  });

  it('`pnpm start` stops cleanly on SIGTERM sent to pnpm, as Docker and systemd send it', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const pnpm = spawn('pnpm', ['start'], {
      cwd: root,
      env: { ...process.env, PORT: '0', TRAWL_STORE: 'memory' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    pnpm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    pnpm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(pnpm, 'exit');
    const url = await waitFor('pnpm start to listen', async () => /listening on (http:\/\/\S+)/.exec(output)?.[1], 60_000);
    expect((await fetch(`${url}/v1/team/credit-usage`)).status).toBe(200);
    pnpm.kill('SIGTERM');
    await exited;
    // Nothing is left listening: the server itself got the signal, not only pnpm.
    const freed = await waitFor(
      'the port to be freed',
      () =>
        fetch(url).then(
          () => undefined,
          () => true,
        ),
      10_000,
    ).catch(() => false);
    expect(freed).toBe(true);
    expect(output).toContain('SIGTERM: shutting down');
  });

  it("--allow-private-network lets it fetch private addresses, as trawl worker's flag does, over TRAWL_ALLOW_PRIVATE_NETWORK", async () => {
    const server = await start(['--allow-private-network'], { TRAWL_STORE: 'memory', TRAWL_ALLOW_PRIVATE_NETWORK: 'false' });
    expect(server.output().stdout).toMatch(/^private networks: allowed/m);
    const scraped = await post(`${server.url}/v1/scrape`, { url: `${site.url}/articles/boilerplate` });
    expect(scraped.status).toBe(200);
    expect(scraped.body.data.markdown).toContain(phrases.articleLead);
    expect(await stop(server)).toBe(0);
  });

  it('refuses to bind a non-loopback address without API keys', async () => {
    const { exited, ready } = spawnServe(['--host', '0.0.0.0'], { cwd: dir, env: { TRAWL_API_KEYS: '' } });
    await expect(ready).rejects.toThrow(/Refusing to serve the API on 0\.0\.0\.0 without API keys/);
    expect(await exited).toBe(1);
    expect(existsSync(join(dir, '.trawl'))).toBe(false);
  });

  it('keeps jobs in ./.trawl/trawl.db by default, so a stopped server leaves them resumable', async () => {
    const env = { TRAWL_ALLOW_PRIVATE_NETWORK: 'true', TRAWL_WORKER_CONCURRENCY: '1' };
    const urls = [1, 2, 3].map((n) => `${site.url}/slow?ms=700&n=${n}`);
    const first = await start([], env);
    expect(first.output().stdout).toContain('store: sqlite:./.trawl/trawl.db');
    const started = await post(`${first.url}/v1/batch/scrape`, { urls });
    expect(started.status).toBe(200);
    const id = started.body.id;
    let before = await json(`${first.url}/v1/batch/scrape/${id}`);
    for (; before.body.completed < 1; before = await json(`${first.url}/v1/batch/scrape/${id}`)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Stopped with pages left (one page at a time, 700 ms each): the restart must finish them.
    expect(await stop(first)).toBe(0);
    expect(before.body.completed).toBeLessThan(3);
    expect(existsSync(join(dir, '.trawl', 'trawl.db'))).toBe(true);

    const resumed = await start([], env);
    let done = await json(`${resumed.url}/v1/batch/scrape/${id}`);
    for (
      const deadline = Date.now() + 15_000;
      done.body.status === 'scraping' && Date.now() < deadline;
      done = await json(`${resumed.url}/v1/batch/scrape/${id}`)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(done.body).toMatchObject({ status: 'completed', total: 3, completed: 3 });
    expect(done.body.data.map((d: { metadata: { sourceURL: string } }) => d.metadata.sourceURL).sort()).toEqual(urls);
    expect(await stop(resumed)).toBe(0);
  });
});
