import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, requireChromium } from '@trawl/browser-playwright';
import { createServer, type TrawlServer, type TrawlServerOptions } from '@trawl/http';
import { chromium, type Browser } from 'playwright-core';
import { createConsole } from '../../src/index.js';

/** Builds the app as `pnpm build` does, so the tests serve the current sources. */
export function buildConsoleApp(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-app.mjs', import.meta.url))], { stdio: 'inherit' });
}

/** The API with the console on 127.0.0.1 (the fixture site is on loopback, so private networks are allowed). */
export async function startConsoleServer(options: TrawlServerOptions = {}): Promise<{ server: TrawlServer; url: string }> {
  const server = createServer({
    allowPrivateNetwork: true,
    sweepIntervalMs: 0,
    console: createConsole(),
    logger: { error: () => undefined },
    ...options,
  });
  const url = await server.listen(0, '127.0.0.1');
  return { server, url };
}

/** The real Chromium, with the flags the browser adapter runs it with (docs/browser.md). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
}
