import { request } from 'node:http';
import type { Socket } from 'node:net';
import { createMemoryStore, createRuntime } from '@trawl/core';
import { PROCESS_SETTINGS, readSettings } from '@trawl/core/settings';
import { createServer } from '@trawl/http';
import { describe, expect, it } from 'vitest';
import { apiOptionsFrom } from '../src/api-options.js';

/** Asks to open a status stream as a WebSocket client does; resolves the open socket (101), or the refusal's status. */
function open(url: string, key: string): Promise<Socket | number> {
  return new Promise((resolve, reject) => {
    const upgrade = request(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        // The SDKs send the API key as the WebSocket protocol.
        'sec-websocket-protocol': key,
      },
    });
    upgrade.once('upgrade', (_response, socket) => resolve(socket));
    upgrade.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    upgrade.once('error', reject);
    upgrade.end();
  });
}

describe("the per-team caps of trawl serve's environment", () => {
  it('TRAWL_STREAMS_PER_TEAM and TRAWL_WORKER_PAGES_PER_TEAM reach the API, and the stream cap holds', async () => {
    const env = { TRAWL_STREAMS_PER_TEAM: '2', TRAWL_WORKER_PAGES_PER_TEAM: '3', TRAWL_API_KEYS: 'key-a:team-a,key-b:team-b' };
    const settings = readSettings(PROCESS_SETTINGS, env);
    const runtime = createRuntime({ store: createMemoryStore() });
    const options = apiOptionsFrom(settings, { runtime, localIndex: undefined });
    expect(options.streams).toMatchObject({ perTeam: 2 });
    expect(options.worker).toMatchObject({ pagesPerTeam: 3 });
    const server = createServer({ ...options, sweepIntervalMs: 0 });
    const url = await server.listen(0, '127.0.0.1');
    try {
      const started = await fetch(`${url}/v1/crawl`, {
        method: 'POST',
        headers: { authorization: 'Bearer key-a', 'content-type': 'application/json' },
        // A blocked address: the crawl ends at once, and its stream still opens.
        body: JSON.stringify({ url: 'http://127.0.0.1:9/' }),
      });
      const { id } = (await started.json()) as { id: string };
      const path = `${url}/v1/crawl/${id}`;
      const first = await open(path, 'key-a');
      const second = await open(path, 'key-a');
      expect([typeof first, typeof second]).toEqual(['object', 'object']);
      expect(await open(path, 'key-a')).toBe(429);
      for (const socket of [first, second]) (socket as Socket).destroy();
    } finally {
      await server.close();
    }
  });
});
