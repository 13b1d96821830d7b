/** The public API as the console calls it: the bearer key from this tab's session storage, JSON in and out. */
const KEY = 'trawl.apiKey';

/** Where the API is mounted, from the page's meta tag ('' at the root). */
export const apiBase = document.querySelector('meta[name="trawl-api-base"]')?.getAttribute('content') ?? '';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const session = {
  key: (): string | null => sessionStorage.getItem(KEY),
  signIn: (key: string) => sessionStorage.setItem(KEY, key),
  signOut: () => sessionStorage.removeItem(KEY),
};

function headers(json: boolean): Record<string, string> {
  const key = session.key();
  return {
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(key ? { authorization: `Bearer ${key}` } : {}),
  };
}

/** Calls the API at `path` (relative to its mount) or at an absolute `next` URL it gave; rejects with ApiFailure on an error answer. */
// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field by each screen
export async function api(method: string, path: string, body?: unknown): Promise<any> {
  const url = /^https?:\/\//.test(path) ? path : `${apiBase}${path}`;
  const response = await fetch(url, {
    method,
    headers: headers(body !== undefined),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { error: text };
  }
  if (!response.ok) {
    const error = (parsed as { error?: unknown } | null)?.error;
    throw new ApiFailure(response.status, typeof error === 'string' ? error : `${response.status} ${response.statusText}`);
  }
  return parsed;
}

/** The absolute API URL of a path, for the curl and SDK snippets. */
export function apiUrl(path = ''): string {
  return `${location.origin}${apiBase}${path}`;
}
