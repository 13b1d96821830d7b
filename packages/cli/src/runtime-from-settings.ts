import { createRuntime, OPEN_POLICY, STRICT_POLICY, type Logger } from '@trawl/core';
import type { Env } from '@trawl/core/settings';
import { adaptersFromEnv } from './adapters-from-env.js';
import { openStore } from './open-store.js';
import type { ProcessSettings } from './process-settings.js';

/**
 * The Runtime of a long-running command (`serve`, `worker`, `mcp`), built once from the settings
 * table's values: the store it names, the adapters the environment configures, the SSRF policy,
 * user agent and retention. It owns what it opened (store, browser) and the process's pools, so
 * `close()` at exit leaves nothing open. `localIndex` is the local search index when that is the
 * provider, for the pages jobs record.
 */
export async function runtimeFromSettings(settings: ProcessSettings, env: Env, logger?: Logger) {
  const store = await openStore(settings.store);
  const { browser, llm, search, localIndex } = await adaptersFromEnv(env, store).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const runtime = createRuntime(
    {
      store,
      browser,
      llm,
      searchProvider: search,
      ssrf: settings.allowPrivateNetwork ? OPEN_POLICY : STRICT_POLICY,
      userAgent: settings.userAgent,
      retentionMs: Math.round(settings.retentionHours * 3_600_000),
      logger,
    },
    { owns: ['store', 'browser', 'sharedPools'] },
  );
  return { runtime, localIndex };
}
