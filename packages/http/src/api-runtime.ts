import { createMemoryStore, createRuntime, OPEN_POLICY, STRICT_POLICY, type RuntimeOptions, type RuntimeWithStore } from '@trawl/core';
import { RUNTIME_OPTION_KEYS } from '@trawl/core/server';
import type { TrawlApiOptions } from './options.js';

/**
 * The Runtime the API runs with: the caller's (`runtime`) with the inline settings over it, a
 * store of its own when none was given (closed with the API), and the SSRF guard on unless the
 * options turn it off: a server fetches what strangers ask.
 */
export function apiRuntime(options: TrawlApiOptions): RuntimeWithStore {
  const given: RuntimeOptions = { ...options.runtime?.options, ...inlineRuntimeOptions(options) };
  const store = given.store ?? createMemoryStore();
  return createRuntime(
    { ...given, store, ssrf: given.ssrf ?? (options.allowPrivateNetwork ? OPEN_POLICY : STRICT_POLICY) },
    { owns: given.store ? [] : ['store'] },
  );
}

function inlineRuntimeOptions(options: TrawlApiOptions): RuntimeOptions {
  const inline: Record<string, unknown> = {};
  for (const key of RUNTIME_OPTION_KEYS) if (options[key] !== undefined) inline[key] = options[key];
  return inline as RuntimeOptions;
}
