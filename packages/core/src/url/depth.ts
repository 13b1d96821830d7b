import { INDEX_FILES } from './normalize.js';

/**
 * Firecrawl's path depth: non-empty path segments, index files not counted.
 * `/` → 0, `/blog/` → 1, `/blog/index.html` → 1, `/blog/post` → 2.
 */
export function pathDepth(url: string | URL): number {
  const pathname = typeof url === 'string' ? new URL(url).pathname : url.pathname;
  let depth = 0;
  for (const segment of pathname.split('/')) {
    if (segment !== '' && !INDEX_FILES.has(segment.toLowerCase())) depth++;
  }
  return depth;
}
