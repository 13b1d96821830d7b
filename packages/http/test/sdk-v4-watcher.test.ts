import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import Firecrawl from 'firecrawl-v4';
import FirecrawlApp from 'firecrawl-v1';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startApi, type TestApi } from './helpers/api-server.js';

/** The WebSocket status stream of crawl and batch jobs, as the SDKs open it, and the 4.x SDK's polling fallback. */
let site: FixtureSite;
let api: TestApi;
let app: Firecrawl;
const KEY = 'fc-watch';
const execFileAsync = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
/** Status reads (polling) the server answered, by path. */
const statusReads: string[] = [];

beforeAll(async () => {
  site = await startFixtureSite();
  api = await startApi({ auth: { [KEY]: 'watch-team', 'fc-other': 'other' } });
  api.server.server.on('request', (req) => {
    if (req.method === 'GET' && /^\/v[12]\/(crawl|batch\/scrape)\/[^/]+(\?|$)/.test(req.url ?? '')) statusReads.push(req.url!);
  });
  app = new Firecrawl({ apiKey: KEY, apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await site?.close();
});
afterEach(() => {
  delete (globalThis as { WebSocket?: unknown }).WebSocket;
});

/** Every message of one stream, until the server closes it. */
function readStream(path: string, key: string): Promise<{ messages: any[]; code: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${api.url.replace(/^http/, 'ws')}${path}`, key);
    const messages: any[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.on('close', (code) => resolve({ messages, code }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

describe('job status streams', () => {
  it('a v2 crawl streams catchup, each document in v2 shape, then done', async () => {
    const started = await app.startCrawl(`${site.url}/crawl/`, {
      limit: 4,
      sitemap: 'skip',
      scrapeOptions: { formats: ['markdown', 'images'] },
    });
    const { messages, code } = await readStream(`/v2/crawl/${started.id}`, KEY);
    expect(code).toBe(1000);
    expect(messages[0].type).toBe('catchup');
    const documents = [...messages[0].data.data, ...messages.filter((m) => m.type === 'document').map((m) => m.data)];
    expect(documents).toHaveLength(4);
    expect(documents.every((doc) => Array.isArray(doc.images) && doc.rawHtml === undefined)).toBe(true);
    expect(messages.at(-1)).toMatchObject({ type: 'done', data: { status: 'completed', completed: 4, total: 4 } });
  });

  it('the 4.x watcher() uses the stream: documents as they come, then done, without polling', async () => {
    (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
    const started = await app.startCrawl(`${site.url}/crawl/`, { limit: 3, sitemap: 'skip' });
    const watcher = app.watcher(started.id, { kind: 'crawl', pollInterval: 1, timeout: 30 });
    const documents: Array<{ markdown?: string }> = [];
    let done: { status: string } | undefined;
    watcher.on('document', (doc) => documents.push(doc));
    watcher.on('done', (state) => (done = state));
    const readsBefore = statusReads.length;
    await watcher.start();
    expect(done?.status).toBe('completed');
    expect(documents).toHaveLength(3);
    expect(statusReads.length).toBe(readsBefore);
  });

  it('the 4.x watcher() on a batch; a finished job streams its pages and ends at once', async () => {
    (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
    const job = await app.batchScrape([`${site.url}/articles/boilerplate`, `${site.url}/articles/minimal`], {
      pollInterval: 1,
      timeout: 30,
    });
    const watcher = app.watcher(job.id, { kind: 'batch', timeout: 30 });
    const documents: Array<{ markdown?: string }> = [];
    watcher.on('document', (doc) => documents.push(doc));
    await watcher.start();
    expect(documents.map((doc) => doc.markdown).join('\n')).toContain(phrases.articleLead);
    expect(documents).toHaveLength(2);
  });

  it("in a plain Node 20 process (no global WebSocket: the SDK loads undici's) the 4.x watcher() finishes", async () => {
    const started = await app.startCrawl(`${site.url}/crawl/`, { limit: 2, sitemap: 'skip' });
    // Outside vitest, as an application runs it.
    const script = `import Firecrawl from 'firecrawl-v4';
      const app = new Firecrawl({ apiKey: '${KEY}', apiUrl: '${api.url}' });
      const watcher = app.watcher('${started.id}', { kind: 'crawl', pollInterval: 1, timeout: 30 });
      let documents = 0; let status;
      watcher.on('document', () => documents++);
      watcher.on('done', (state) => (status = state.status));
      await watcher.start();
      console.log(JSON.stringify({ documents, status, hasWebSocket: typeof globalThis.WebSocket }));`;
    const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir, timeout: 30_000 });
    expect(JSON.parse(stdout.trim())).toEqual({ documents: 2, status: 'completed', hasWebSocket: 'undefined' });
  });

  it("the 1.x SDK's crawlUrlAndWatch reads the v1 stream", async () => {
    const v1 = new FirecrawlApp({ apiKey: KEY, apiUrl: api.url });
    const watcher = await v1.crawlUrlAndWatch(`${site.url}/crawl/`, { limit: 2, ignoreSitemap: true });
    const documents: unknown[] = [];
    watcher.addEventListener('document', (event) => void documents.push((event as CustomEvent).detail));
    const status = await new Promise<string>((resolve) =>
      watcher.addEventListener('done', (event) => resolve((event as CustomEvent).detail.status)),
    );
    expect(status).toBe('completed');
    expect(documents).toHaveLength(2);
  });

  it('a cancelled job ends its stream with its status; other teams and unknown ids are refused', async () => {
    const started = await app.startCrawl(`${site.url}/slow?ms=3000`, { sitemap: 'skip' });
    const stream = readStream(`/v2/crawl/${started.id}`, KEY);
    await app.cancelCrawl(started.id);
    const { messages } = await stream;
    expect(messages.at(-1)).toMatchObject({ type: 'status', data: { status: 'cancelled' } });
    await expect(readStream(`/v2/crawl/${started.id}`, 'fc-other')).rejects.toThrow(/404/);
    await expect(readStream(`/v2/crawl/${started.id}`, 'fc-wrong')).rejects.toThrow(/401/);
    await expect(readStream('/v2/scrape/whatever', KEY)).rejects.toThrow(/404/);
  });
});
