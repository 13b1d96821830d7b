/** What the crawl building blocks (robots, sitemaps, politeness) need from an HTTP client. */
export interface ResourceRequest {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Read the body only to this many bytes, ignoring the rest (robots.txt, sitemaps), instead of failing when it is large. */
  truncateAt?: number;
}

export interface FetchedResource {
  /** Final URL after redirects. */
  url: string;
  status: number;
  /** Response headers with lower-case names. */
  headers: Record<string, string>;
  body: Uint8Array;
  /** Set when `truncateAt` cut the body short. */
  truncated?: boolean;
}

/**
 * The one seam between crawling logic and HTTP. Any status is a resolved value (the caller
 * decides what a 404 or a 503 means); only transport failures reject, preferably as TrawlError.
 */
export type ResourceFetcher = (url: string, init?: ResourceRequest) => Promise<FetchedResource>;
