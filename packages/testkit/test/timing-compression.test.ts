import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phrases, startFixtureSite, type FixtureSite } from '../src/index.js';
import { rawGet } from './helpers/raw-get.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

describe('timing routes', () => {
  it('/slow?ms=N answers after N milliseconds', async () => {
    const started = performance.now();
    const res = await fetch(`${site.url}/slow?ms=150`);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    // The page names the wait it applied (not the two-second default); a lower bound on the
    // time taken cannot fail on a busy machine, an upper one could.
    expect(await res.text()).toContain(`${phrases.slow}: 150 ms.`);
    expect(elapsed).toBeGreaterThanOrEqual(140);
  });

  it('/slow defaults to two seconds, so a short client timeout fires first', async () => {
    await expect(fetch(`${site.url}/slow`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
  });

  it('/hang never sends headers', async () => {
    const started = performance.now();
    await expect(fetch(`${site.url}/hang`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('/never-ends sends headers and some HTML, then stalls', async () => {
    const controller = new AbortController();
    const res = await fetch(`${site.url}/never-ends`, { signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value ?? []).toString()).toContain(phrases.neverEnds);
    const next = reader.read();
    const stalled = await Promise.race([next.then(() => false), new Promise((resolve) => setTimeout(() => resolve(true), 200))]);
    expect(stalled).toBe(true);
    controller.abort();
    await expect(next).rejects.toThrow();
  });

  it('/large?kb=N streams about N KB with no Content-Length', async () => {
    const res = await fetch(`${site.url}/large?kb=300`);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const body = await res.text();
    expect(body.length).toBeGreaterThanOrEqual(300 * 1024);
    expect(body.length).toBeLessThan(301 * 1024);
    expect(body.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('/large defaults to about 5000 KB', async () => {
    const body = await (await fetch(`${site.url}/large`)).arrayBuffer();
    expect(Math.round(body.byteLength / 1024)).toBe(5000);
  });
});

describe('compressed pages', () => {
  it.each([
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
    ['deflate', inflateSync],
  ] as const)('/compressed/%s sends Content-Encoding %s', async (encoding, decode) => {
    const raw = await rawGet(`${site.url}/compressed/${encoding}`);
    expect(raw.headers['content-encoding']).toBe(encoding);
    expect(raw.body.toString('latin1')).not.toContain(phrases.compressed);
    expect(decode(raw.body).toString('utf8')).toContain(phrases.compressed);
    // fetch decodes it transparently.
    expect(await (await fetch(`${site.url}/compressed/${encoding}`)).text()).toContain(`${phrases.compressed} (${encoding})`);
  });
});
