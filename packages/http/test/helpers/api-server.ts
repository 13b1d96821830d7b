import { createServer, type TrawlApiOptions, type TrawlServer } from '@trawl/http';
import { startFixtureSite, type FixtureSite, type FixtureSiteOptions } from '@trawl/testkit';
import { afterAll, beforeAll } from 'vitest';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestApi {
  url: string;
  server: TrawlServer;
  request<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  /** Polls a v1 status URL until the job leaves `scraping`. */
  waitForJob(path: string, token?: string): Promise<ApiResponse>;
  close(): Promise<void>;
}

/** Errors the API logs are test failures we want to see, but expected ones stay quiet. */
export const quietLogger = { error: () => undefined };

/** Starts the API on 127.0.0.1 with private networks allowed (the fixture site is on loopback). */
export async function startApi(options: TrawlApiOptions = {}): Promise<TestApi> {
  const server = createServer({ allowPrivateNetwork: true, sweepIntervalMs: 0, ...options });
  const url = await server.listen(0, '127.0.0.1');
  const request: TestApi['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(path.startsWith('http') ? path : `${url}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    url,
    server,
    request,
    async waitForJob(path, token) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const response = await request('GET', path, token === undefined ? {} : { token });
        if (response.status !== 200 || response.body.status !== 'scraping') return response;
        if (Date.now() > deadline) throw new Error(`job at ${path} still scraping after 20 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => server.close(),
  };
}

/** The fixture site and the API, started before a file's tests and stopped after them. */
export function siteAndApi(apiOptions: TrawlApiOptions = {}, siteOptions: FixtureSiteOptions = {}): { site: FixtureSite; api: TestApi } {
  const env = {} as { site: FixtureSite; api: TestApi };
  beforeAll(async () => {
    env.site = await startFixtureSite(siteOptions);
    env.api = await startApi(apiOptions);
  });
  afterAll(async () => {
    await env.api?.close();
    await env.site?.close();
  });
  return env;
}
