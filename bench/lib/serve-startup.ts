// The API's first page after a cold start, as `pnpm start` runs it (`node packages/cli/dist/bin.js
// serve`, after the CLI is built): the time until it listens, then its first scrape (an HTTP page)
// and its first page that needs the browser (Chromium starts then, on demand). Fresh process each run.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { reapedChildrenCpuMs } from './process-tree.js';

export interface ServeStartTiming {
  /** Spawn to the "listening" line. */
  listenMs: number;
  /** `POST /v1/scrape` of a static loopback page, right after listening. */
  firstScrapeMs: number;
  /** Then `POST /v1/scrape` of a page only a browser renders: Chromium's start included. */
  firstBrowserScrapeMs: number;
  /** CPU of the server and its Chromium, start to exit; undefined without /proc. */
  cpuMs: number | undefined;
}

export interface ServePages {
  staticUrl: string;
  staticPhrase: string;
  renderedUrl: string;
  renderedPhrase: string;
}

export async function timeServeStart(bin: string, cwd: string, pages: ServePages): Promise<ServeStartTiming> {
  const cpuBefore = cpuOrUndefined();
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'serve'], {
    cwd,
    // Port 0: any free port (the line names it); loopback pages need the private network allowed.
    env: { ...process.env, PORT: '0', TRAWL_ALLOW_PRIVATE_NETWORK: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const lines = createInterface({ input: child.stdout! });
    let url: string | undefined;
    for await (const line of lines) {
      url = /listening on (\S+)/.exec(line)?.[1];
      if (url) break;
    }
    if (!url) throw new Error('trawl serve exited before listening');
    const listenMs = performance.now() - started;
    const firstScrapeMs = await timedScrape(url, pages.staticUrl, pages.staticPhrase);
    const firstBrowserScrapeMs = await timedScrape(url, pages.renderedUrl, pages.renderedPhrase);
    child.kill('SIGTERM');
    await once(child, 'exit');
    const cpuAfter = cpuOrUndefined();
    return {
      listenMs,
      firstScrapeMs,
      firstBrowserScrapeMs,
      cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

async function timedScrape(api: string, url: string, phrase: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${api}/v1/scrape`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  const body = (await response.json()) as { data?: { markdown?: string } };
  const ms = performance.now() - started;
  if (!response.ok || !body.data?.markdown?.includes(phrase))
    throw new Error(`first scrape of ${url} failed: ${JSON.stringify(body).slice(0, 500)}`);
  return ms;
}

function cpuOrUndefined(): number | undefined {
  try {
    return reapedChildrenCpuMs();
  } catch {
    return undefined;
  }
}
