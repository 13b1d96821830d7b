import { Router } from '../transport/router.js';
import { v1BatchStart } from '../v1/batch.js';
import { v1CrawlStart } from '../v1/crawl.js';
import { extractStatus } from './llm-jobs.js';
import { v1ExtractStart, v1LlmsTxtStart, v1LlmsTxtStatus } from '../v1/llm-jobs.js';
import { v1Map } from '../v1/map.js';
import { v1Scrape } from '../v1/scrape.js';
import { v1Search } from '../v1/search.js';
import { liveness, readiness, serviceDescription } from './service.js';
import { CANCEL_NOT_FOUND, jobCancel, jobErrors, jobStatus } from './status.js';
import { v1Documents } from '../v1/v1-document.js';
import {
  concurrencyCheck,
  creditUsageHistorical,
  queueStatus,
  tokenUsageHistorical,
  v1CreditUsage,
  v1TokenUsage,
  v2CreditUsage,
  v2TokenUsage,
} from './team.js';
import type { RouteDefinition } from './types.js';
import { teamJobList } from './job-lists.js';
import { HOSTED_ONLY_ROUTES } from './hosted-only.js';
import { v2BrowserCreate, v2BrowserDelete, v2BrowserExecute, v2BrowserList } from '../v2/browser-sessions.js';
import { v2Interact, v2InteractStop } from '../v2/interact.js';
import { v1DeepResearchStart, v1DeepResearchStatus, v2AgentCancel, v2AgentList, v2AgentStart, v2AgentStatus } from './agent.js';
import { activeCrawls } from './active-crawls.js';
import { v2BatchStart, v2BatchStatus, v2CrawlParamsPreview, v2CrawlStart, v2CrawlStatus } from '../v2/jobs.js';
import { v2ExtractStart } from '../v2/extract.js';
import { v2Map, v2Search } from '../v2/map-search.js';
import { v2Scrape, v2ScrapeResult } from '../v2/scrape.js';
import { v2Parse } from '../v2/parse.js';
import {
  createMonitor,
  deleteMonitor,
  getMonitor,
  getMonitorCheck,
  listMonitorChecks,
  listMonitors,
  runMonitor,
  updateMonitor,
} from '../v2/monitors.js';
import { v0CrawlCancel, v0CrawlStart, v0CrawlStatus, v0Scrape, v0Search } from '../v0/routes.js';

/** Every endpoint of the API: the contract's E1–E17, v2, and what the official clients call. */
export const ROUTES: readonly RouteDefinition[] = [
  // v2: the 4.x SDK's paths, over the same core, jobs and limits as v1
  { method: 'POST', path: '/v2/scrape', style: 'plain', rateClass: 'scrape', readsBody: true, handle: v2Scrape },
  { method: 'GET', path: '/v2/scrape/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: v2ScrapeResult },
  // Monitors: scheduled change checks (issue 19); checks run on the worker.
  { method: 'POST', path: '/v2/monitor', style: 'plain', rateClass: 'crawl', readsBody: true, handle: createMonitor },
  { method: 'GET', path: '/v2/monitor', style: 'plain', rateClass: 'status', readsBody: false, handle: listMonitors },
  { method: 'GET', path: '/v2/monitor/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: getMonitor },
  { method: 'PATCH', path: '/v2/monitor/:id', style: 'plain', rateClass: 'crawl', readsBody: true, handle: updateMonitor },
  { method: 'DELETE', path: '/v2/monitor/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: deleteMonitor },
  { method: 'POST', path: '/v2/monitor/:id/run', style: 'plain', rateClass: 'crawl', readsBody: true, handle: runMonitor },
  { method: 'GET', path: '/v2/monitor/:id/checks', style: 'plain', rateClass: 'status', readsBody: false, handle: listMonitorChecks },
  {
    method: 'GET',
    path: '/v2/monitor/:id/checks/:checkId',
    style: 'plain',
    rateClass: 'status',
    readsBody: false,
    handle: getMonitorCheck,
  },
  // A multipart upload: the handler reads the body itself, within the parse size limit.
  { method: 'POST', path: '/v2/parse', style: 'plain', rateClass: 'scrape', readsBody: false, handle: v2Parse },
  { method: 'POST', path: '/v2/crawl', style: 'plain', rateClass: 'crawl', readsBody: true, handle: v2CrawlStart },
  { method: 'POST', path: '/v2/crawl/params-preview', style: 'plain', rateClass: 'crawl', readsBody: true, handle: v2CrawlParamsPreview },
  // The team's jobs of a kind, newest first (the console's job list; shaped as GET /v2/agent).
  {
    method: 'GET',
    path: '/v2/crawl',
    style: 'plain',
    rateClass: 'status',
    readsBody: false,
    handle: teamJobList('crawl', 'crawls', '/v2/crawl'),
  },
  // Before `/v2/crawl/:id`, which would take `active` for an id.
  { method: 'GET', path: '/v2/crawl/active', style: 'plain', rateClass: 'status', readsBody: false, handle: activeCrawls },
  { method: 'GET', path: '/v2/crawl/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: v2CrawlStatus },
  {
    method: 'DELETE',
    path: '/v2/crawl/:id',
    style: 'plain',
    rateClass: 'status',
    readsBody: false,
    handle: jobCancel(CANCEL_NOT_FOUND.crawl),
  },
  { method: 'GET', path: '/v2/crawl/:id/errors', style: 'plain', rateClass: 'status', readsBody: false, handle: jobErrors },
  { method: 'POST', path: '/v2/batch/scrape', style: 'plain', rateClass: 'batch', readsBody: true, handle: v2BatchStart },
  {
    method: 'GET',
    path: '/v2/batch/scrape',
    style: 'plain',
    rateClass: 'status',
    readsBody: false,
    handle: teamJobList('batch_scrape', 'batches', '/v2/batch/scrape'),
  },
  { method: 'GET', path: '/v2/batch/scrape/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: v2BatchStatus },
  {
    method: 'DELETE',
    path: '/v2/batch/scrape/:id',
    style: 'plain',
    rateClass: 'status',
    readsBody: false,
    handle: jobCancel(CANCEL_NOT_FOUND.batch),
  },
  { method: 'GET', path: '/v2/batch/scrape/:id/errors', style: 'plain', rateClass: 'status', readsBody: false, handle: jobErrors },
  { method: 'POST', path: '/v2/map', style: 'plain', rateClass: 'map', readsBody: true, handle: v2Map },
  { method: 'POST', path: '/v2/search', style: 'success', rateClass: 'search', readsBody: true, handle: v2Search },
  { method: 'POST', path: '/v2/extract', style: 'plain', rateClass: 'extract', readsBody: true, handle: v2ExtractStart },
  {
    method: 'GET',
    path: '/v2/extract',
    style: 'plain',
    rateClass: 'status',
    readsBody: false,
    handle: teamJobList('extract', 'extracts', '/v2/extract'),
  },
  { method: 'GET', path: '/v2/extract/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: extractStatus },
  { method: 'POST', path: '/v2/agent', style: 'plain', rateClass: 'extract', readsBody: true, handle: v2AgentStart },
  { method: 'GET', path: '/v2/agent', style: 'plain', rateClass: 'status', readsBody: false, handle: v2AgentList },
  { method: 'GET', path: '/v2/agent/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: v2AgentStatus },
  { method: 'DELETE', path: '/v2/agent/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: v2AgentCancel },
  { method: 'GET', path: '/v2/team/credit-usage', style: 'success', rateClass: 'team', readsBody: false, handle: v2CreditUsage },
  {
    method: 'GET',
    path: '/v2/team/credit-usage/historical',
    style: 'success',
    rateClass: 'team',
    readsBody: false,
    handle: creditUsageHistorical,
  },
  { method: 'GET', path: '/v2/team/token-usage', style: 'success', rateClass: 'team', readsBody: false, handle: v2TokenUsage },
  {
    method: 'GET',
    path: '/v2/team/token-usage/historical',
    style: 'success',
    rateClass: 'team',
    readsBody: false,
    handle: tokenUsageHistorical,
  },
  { method: 'GET', path: '/v2/team/queue-status', style: 'success', rateClass: 'team', readsBody: false, handle: queueStatus },
  { method: 'GET', path: '/v2/concurrency-check', style: 'success', rateClass: 'team', readsBody: false, handle: concurrencyCheck },
  // Browser sessions and interact (docs/browser.md): pages held for a client, one registry.
  { method: 'POST', path: '/v2/browser', style: 'plain', rateClass: 'scrape', readsBody: true, handle: v2BrowserCreate },
  { method: 'GET', path: '/v2/browser', style: 'plain', rateClass: 'status', readsBody: false, handle: v2BrowserList },
  { method: 'DELETE', path: '/v2/browser/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: v2BrowserDelete },
  { method: 'POST', path: '/v2/browser/:id/execute', style: 'plain', rateClass: 'scrape', readsBody: true, handle: v2BrowserExecute },
  { method: 'POST', path: '/v2/scrape/:id/interact', style: 'plain', rateClass: 'scrape', readsBody: true, handle: v2Interact },
  { method: 'DELETE', path: '/v2/scrape/:id/interact', style: 'plain', rateClass: 'status', readsBody: false, handle: v2InteractStop },
  ...HOSTED_ONLY_ROUTES,
  // v1
  { method: 'POST', path: '/v1/scrape', style: 'plain', rateClass: 'scrape', readsBody: true, handle: v1Scrape },
  { method: 'POST', path: '/v1/crawl', style: 'plain', rateClass: 'crawl', readsBody: true, handle: v1CrawlStart },
  { method: 'GET', path: '/v1/crawl/active', style: 'plain', rateClass: 'status', readsBody: false, handle: activeCrawls },
  {
    method: 'GET',
    path: '/v1/crawl/:id',
    style: 'plain',
    rateClass: 'status',
    readsBody: false,
    handle: jobStatus('/v1/crawl', v1Documents),
  },
  {
    method: 'DELETE',
    path: '/v1/crawl/:id',
    style: 'plain',
    rateClass: 'status',
    readsBody: false,
    handle: jobCancel(CANCEL_NOT_FOUND.crawl),
  },
  { method: 'GET', path: '/v1/crawl/:id/errors', style: 'plain', rateClass: 'status', readsBody: false, handle: jobErrors },
  // The 1.x SDK asks for errors with DELETE.
  { method: 'DELETE', path: '/v1/crawl/:id/errors', style: 'plain', rateClass: 'status', readsBody: false, handle: jobErrors },
  { method: 'POST', path: '/v1/batch/scrape', style: 'plain', rateClass: 'batch', readsBody: true, handle: v1BatchStart },
  {
    method: 'GET',
    path: '/v1/batch/scrape/:id',
    style: 'plain',
    rateClass: 'status',
    readsBody: false,
    handle: jobStatus('/v1/batch/scrape', v1Documents),
  },
  {
    method: 'DELETE',
    path: '/v1/batch/scrape/:id',
    style: 'plain',
    rateClass: 'status',
    readsBody: false,
    handle: jobCancel(CANCEL_NOT_FOUND.batch),
  },
  { method: 'GET', path: '/v1/batch/scrape/:id/errors', style: 'plain', rateClass: 'status', readsBody: false, handle: jobErrors },
  { method: 'DELETE', path: '/v1/batch/scrape/:id/errors', style: 'plain', rateClass: 'status', readsBody: false, handle: jobErrors },
  { method: 'POST', path: '/v1/map', style: 'plain', rateClass: 'map', readsBody: true, handle: v1Map },
  { method: 'POST', path: '/v1/search', style: 'success', rateClass: 'search', readsBody: true, handle: v1Search },
  { method: 'POST', path: '/v1/extract', style: 'plain', rateClass: 'extract', readsBody: true, handle: v1ExtractStart },
  { method: 'GET', path: '/v1/extract/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: extractStatus },
  { method: 'POST', path: '/v1/deep-research', style: 'plain', rateClass: 'extract', readsBody: true, handle: v1DeepResearchStart },
  { method: 'GET', path: '/v1/deep-research/:id', style: 'plain', rateClass: 'status', readsBody: false, handle: v1DeepResearchStatus },
  { method: 'POST', path: '/v1/llmstxt', style: 'success', rateClass: 'llmstxt', readsBody: true, handle: v1LlmsTxtStart },
  {
    method: 'GET',
    path: '/v1/llmstxt',
    style: 'success',
    rateClass: 'status',
    readsBody: false,
    handle: teamJobList('llmstxt', 'jobs', '/v1/llmstxt'),
  },
  { method: 'GET', path: '/v1/llmstxt/:id', style: 'success', rateClass: 'status', readsBody: false, handle: v1LlmsTxtStatus },
  { method: 'GET', path: '/v1/team/credit-usage', style: 'success', rateClass: 'team', readsBody: false, handle: v1CreditUsage },
  {
    method: 'GET',
    path: '/v1/team/credit-usage/historical',
    style: 'success',
    rateClass: 'team',
    readsBody: false,
    handle: creditUsageHistorical,
  },
  { method: 'GET', path: '/v1/team/token-usage', style: 'success', rateClass: 'team', readsBody: false, handle: v1TokenUsage },
  {
    method: 'GET',
    path: '/v1/team/token-usage/historical',
    style: 'success',
    rateClass: 'team',
    readsBody: false,
    handle: tokenUsageHistorical,
  },
  { method: 'GET', path: '/v1/team/queue-status', style: 'success', rateClass: 'team', readsBody: false, handle: queueStatus },
  { method: 'GET', path: '/v1/concurrency-check', style: 'success', rateClass: 'team', readsBody: false, handle: concurrencyCheck },
  // v0
  { method: 'POST', path: '/v0/scrape', style: 'v0', rateClass: 'scrape', readsBody: true, handle: v0Scrape },
  { method: 'POST', path: '/v0/crawl', style: 'v0', rateClass: 'crawl', readsBody: true, handle: v0CrawlStart },
  { method: 'GET', path: '/v0/crawl/status/:jobId', style: 'v0', rateClass: 'status', readsBody: false, handle: v0CrawlStatus },
  { method: 'DELETE', path: '/v0/crawl/cancel/:jobId', style: 'v0', rateClass: 'status', readsBody: false, handle: v0CrawlCancel },
  { method: 'POST', path: '/v0/search', style: 'v0', rateClass: 'search', readsBody: true, handle: v0Search },
  // The service itself: what it is, and probes for load balancers and Kubernetes.
  { method: 'GET', path: '/', style: 'plain', rateClass: 'status', readsBody: false, public: true, handle: serviceDescription },
  { method: 'GET', path: '/healthz', style: 'plain', rateClass: 'status', readsBody: false, public: true, handle: liveness },
  { method: 'GET', path: '/readyz', style: 'plain', rateClass: 'status', readsBody: false, public: true, handle: readiness },
];

export function createRouter(): Router<RouteDefinition> {
  const router = new Router<RouteDefinition>();
  for (const route of ROUTES) router.add(route.method, route.path, route);
  return router;
}
