import { TrawlError } from '@trawl/core';

export interface ProviderCall {
  /** Provider name for messages (`brave`). */
  provider: string;
  url: URL;
  init?: Omit<RequestInit, 'signal'>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Says which setting to check when the provider refuses the credentials. */
  credentialHint?: string;
  /** Added to the message when the provider cannot be reached (what to do without it). */
  unreachableHint?: string;
}

const ERROR_BODY_CHARS = 200;

/**
 * One HTTP request to a search provider. Failures become TrawlErrors naming the provider; an abort
 * from the caller's signal is passed through untouched so the caller can tell its own deadline.
 */
export async function providerRequest(call: ProviderCall): Promise<Response> {
  // A caller's signal already carries its deadline; a timer of our own could only race it.
  const own = call.timeoutMs && !call.signal ? AbortSignal.timeout(call.timeoutMs) : undefined;
  const signal = own ?? call.signal;
  let response: Response;
  try {
    response = await fetch(call.url, { ...call.init, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason;
    if (own?.aborted)
      throw new TrawlError('SCRAPE_TIMEOUT', `${call.provider} did not answer within ${call.timeoutMs} ms`, { status: 504, cause: error });
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    const hint = call.unreachableHint ? `; ${call.unreachableHint}` : '';
    throw new TrawlError('SEARCH_PROVIDER_ERROR', `Could not reach ${call.provider} at ${call.url.origin}: ${reason}${hint}`, {
      cause: error,
    });
  }
  if (response.ok) return response;
  const body = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, ERROR_BODY_CHARS);
  const hint = (response.status === 401 || response.status === 403) && call.credentialHint ? ` (check ${call.credentialHint})` : '';
  throw new TrawlError('SEARCH_PROVIDER_ERROR', `${call.provider} answered HTTP ${response.status}${hint}${body ? `: ${body}` : ''}`);
}

/** Reads a JSON body, failing with the provider's name when it is not JSON. */
export async function readJson(provider: string, response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TrawlError(
      'SEARCH_PROVIDER_ERROR',
      `${provider} answered with something that is not JSON: ${text.slice(0, ERROR_BODY_CHARS)}`,
    );
  }
}

/** A string field of a loosely typed JSON object, or ''. */
export function stringField(value: unknown, key: string): string {
  const field = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof field === 'string' ? field : '';
}

/** The array at `path` in a loosely typed JSON value, or []. */
export function arrayAt(value: unknown, ...path: string[]): unknown[] {
  let current = value;
  for (const key of path) current = current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
  return Array.isArray(current) ? current : [];
}
