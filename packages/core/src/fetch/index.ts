export { httpFetch, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_REDIRECTS, DEFAULT_TIMEOUT_MS } from './http-engine.js';
export { decodeBody, charsetFromContentType, charsetFromMeta } from './charset.js';
export type { LoadedPage, HttpFetchOptions } from './types.js';
