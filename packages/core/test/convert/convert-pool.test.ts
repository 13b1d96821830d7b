import { manyShortLinksPage, unclosedAnchorsPage } from '@trawl/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { ConvertPool } from '../../src/convert/convert-pool.js';
import { threadExecArgv } from '../../src/convert/worker-entry.js';
import { TrawlError } from '../../src/errors.js';
import { resolveScrapeOptions } from '../../src/options.js';
import { convertPage, type PageContent } from '../../src/pipeline/to-document.js';

const URL = 'https://pool.example/page';
const options = resolveScrapeOptions({ formats: ['markdown', 'links'] });

function htmlPage(html: string): PageContent & { redirects: string[] } {
  return { url: URL, status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(html), redirects: [] };
}

const ARTICLE =
  '<html><head><title>Tides</title></head><body><article><h1>Tides</h1><p>The harbour pilots read the <a href="/tables">tide tables</a> every morning before the boats go out.</p></article></body></html>';

/**
 * Turns of this thread's event loop completed while `work` was still pending. Work done on this
 * thread would hold the loop, so no turn could complete while it ran.
 */
async function turnsWhilePending(work: Promise<unknown>): Promise<number> {
  let pending = true;
  void work.catch(() => undefined).finally(() => (pending = false));
  let turns = 0;
  while (pending) {
    // A 1 ms timer, not setImmediate: spinning would take a core from the converting thread.
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (pending) turns++;
  }
  return turns;
}

describe('ConvertPool', () => {
  // Generous: a busy shared machine must not turn the hostile pages below into timeouts (the
  // deadline itself is the `strict` pool's to test).
  const pool = new ConvertPool({ threads: 2, deadlineMs: 60_000 });
  const strict = new ConvertPool({ threads: 1, deadlineMs: 300 });
  afterAll(() => Promise.all([pool.close(), strict.close()]));

  it('converts a page in a thread exactly as the calling thread would', async () => {
    const inThread = convertPage(htmlPage(ARTICLE), URL, options, true);
    const pooled = await pool.convert(htmlPage(ARTICLE), URL, options, true);
    expect(pooled).toEqual(inThread);
    expect(pooled.document.markdown).toContain('[tide tables](https://pool.example/tables)');
  });

  it('moves a body that owns its memory to the thread when asked, and copies a view into shared memory', async () => {
    const inThread = convertPage(htmlPage(ARTICLE), URL, options, true);
    const owned = htmlPage(ARTICLE);
    owned.body = Buffer.from(new Uint8Array(Buffer.from(ARTICLE)).buffer);
    expect(await pool.convert(owned, URL, options, true, undefined, { moveBody: true })).toEqual(inThread);
    expect(owned.body.byteLength).toBe(0);
    // A page inside a larger buffer (a socket read with the headers before it) stays readable.
    const read = Buffer.from(`HTTP/1.1 200 OK\r\n\r\n${ARTICLE}`);
    const view = htmlPage(ARTICLE);
    view.body = read.subarray(read.indexOf('<html>'));
    expect(await pool.convert(view, URL, options, true, undefined, { moveBody: true })).toEqual(inThread);
    expect(view.body.toString()).toBe(ARTICLE);
    // Without moveBody nothing is taken from the caller.
    const kept = htmlPage(ARTICLE);
    kept.body = Buffer.from(new Uint8Array(Buffer.from(ARTICLE)).buffer);
    await pool.convert(kept, URL, options, true);
    expect(kept.body.toString()).toBe(ARTICLE);
  });

  it("passes a page's TrawlError on with its code", async () => {
    const image = { url: URL, status: 200, headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) };
    const failure = await pool.convert(image, URL, options, false).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TrawlError);
    expect((failure as TrawlError).code).toBe('SCRAPE_UNSUPPORTED_CONTENT');
  });

  it('keeps the calling event loop free while a hostile page converts', async () => {
    const conversion = pool.convert(htmlPage(unclosedAnchorsPage(200_000)), URL, options, true);
    // The thread converts for hundreds of ms, a turn here takes about one.
    expect(await turnsWhilePending(conversion)).toBeGreaterThan(10);
    expect((await conversion).document.markdown).toContain('After the anchors');
  });

  it('stops a page past its deadline with SCRAPE_TIMEOUT, and converts the next page in a new thread', async () => {
    const failure = await strict.convert(htmlPage(unclosedAnchorsPage(200_000)), URL, options, true).catch((error: unknown) => error);
    expect((failure as TrawlError).code).toBe('SCRAPE_TIMEOUT');
    expect((failure as TrawlError).status).toBe(408);
    expect((failure as TrawlError).message).toContain('took longer than 300 ms');
    // The deadline counts from when a thread takes the page, so the new thread's start is not held against it.
    expect((await strict.convert(htmlPage(ARTICLE), URL, options, false)).document.markdown).toContain('Tides');
  });

  it('stops a page that needs more memory than a thread has with SCRAPE_TOO_LARGE', async () => {
    const small = new ConvertPool({ threads: 1, maxMemoryMb: 64 });
    try {
      const failure = await small.convert(htmlPage(manyShortLinksPage(1_000_000)), URL, options, true).catch((error: unknown) => error);
      expect((failure as TrawlError).code).toBe('SCRAPE_TOO_LARGE');
      expect((failure as TrawlError).message).toContain('more than 64 MB');
    } finally {
      await small.close();
    }
  });

  it('gives up on a page when the caller aborts', async () => {
    const controller = new AbortController();
    const conversion = pool.convert(htmlPage(unclosedAnchorsPage(200_000)), URL, options, true, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(((await conversion.catch((error: unknown) => error)) as TrawlError).code).toBe('SCRAPE_ABORTED');
  });

  it('fails pages converting when it closes, and pages sent after, with SCRAPE_ABORTED', async () => {
    const closing = new ConvertPool({ threads: 1 });
    const converting = closing.convert(htmlPage(unclosedAnchorsPage(200_000)), URL, options, true).catch((error: unknown) => error);
    await closing.close();
    const inFlight = (await converting) as TrawlError;
    expect(inFlight.code).toBe('SCRAPE_ABORTED');
    expect(inFlight.message).toContain('the conversion pool is closed');
    const after = (await closing.convert(htmlPage(ARTICLE), URL, options, false).catch((error: unknown) => error)) as TrawlError;
    expect(after.code).toBe('SCRAPE_ABORTED');
    expect(after.message).toContain('the conversion pool is closed');
  });

  it('refuses a pool of no threads', () => {
    expect(() => new ConvertPool({ threads: 0 })).toThrow(/threads must be a whole number/);
  });
});

describe('threadExecArgv', () => {
  it('keeps the flags a conversion thread honours and drops preloads, V8 and process flags, in both spellings', () => {
    const flags = [
      '--conditions=trawl-source',
      '--import',
      'tsx',
      '--require=./otel.cjs',
      '-r',
      'x',
      '--max-old-space-size=512',
      '--trace-gc',
      '-C',
      'development',
      '--no-warnings',
      '--loader',
      'y',
    ];
    expect(threadExecArgv(flags)).toEqual(['--conditions=trawl-source', '-C', 'development', '--no-warnings']);
  });

  it('starts threads in a process whose flags a Worker would refuse', async () => {
    const saved = process.execArgv;
    process.execArgv = [...saved, '--max-old-space-size=2048', '--trace-gc', '--stack-size=2000'];
    const pool = new ConvertPool({ threads: 1 });
    try {
      expect((await pool.convert(htmlPage(ARTICLE), URL, options, false)).document.markdown).toContain('Tides');
    } finally {
      process.execArgv = saved;
      await pool.close();
    }
  });
});
