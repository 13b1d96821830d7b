export {
  searchAndScrape,
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_SEARCH_TIMEOUT_MS,
  SEARCH_TIMEOUT_MESSAGE,
  type SearchAndScrapeOptions,
} from './search-and-scrape.js';
export { NO_RESULTS_WARNING, NO_CONTENT_WARNING, type SearchOutcome, type SearchResultItem } from './search-results.js';
export {
  v1SearchCall,
  v1SearchResponse,
  v0SearchCall,
  v0SearchResponse,
  V1_SEARCH_MAX_LIMIT,
  type SearchCall,
  type V1SearchRequest,
  type V1SearchResponse,
  type V1SearchItem,
  type V0SearchRequest,
  type V0SearchResponse,
  type V0SearchItem,
} from './api-shapes.js';
