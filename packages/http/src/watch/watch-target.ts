/**
 * Which job a WebSocket upgrade asks to watch, read from the end of its path. Upgrades never pass
 * through Express or Connect (no `req.baseUrl`, no stripped `req.url`), so under
 * `app.use('/firecrawl', api)` the request reads `/firecrawl/v2/crawl/{id}`: whatever prefix the
 * host mounted the API under comes before the part that names the job. Pure.
 */
export interface WatchTarget {
  version: 'v1' | 'v2';
  kind: 'crawl' | 'batch';
  id: string;
}

export function watchTarget(path: string): WatchTarget | undefined {
  const parts = path.replace(/\/$/, '').split('/');
  const id = parts.at(-1);
  if (!id) return undefined;
  const batch = parts.at(-3) === 'batch' && parts.at(-2) === 'scrape';
  const crawl = parts.at(-2) === 'crawl';
  if (!batch && !crawl) return undefined;
  const version = parts.at(batch ? -4 : -3);
  if (version !== 'v1' && version !== 'v2') return undefined;
  return { version, kind: batch ? 'batch' : 'crawl', id };
}
