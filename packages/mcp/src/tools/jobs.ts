/**
 * Crawls and batch scrapes: a tool starts the job, waits for it with progress notifications,
 * and answers its pages as Markdown (paged by `skip`); status by id reads it again later, and
 * cancel stops it.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { asTool, callApi } from '../api-call.js';
import type { ToolContext } from '../context.js';
import { crawlBody, scrapeBody } from '../firecrawl-args.js';
import { renderJobStatus, type JobFailures, type JobStatusAnswer } from '../render/job.js';
import { batchScrapeShape, crawlShape, jobIdShape, jobStatusShape } from '../tool-schemas.js';
import { waitForJob, type ToolExtra } from '../wait-for-job.js';
import { STARTS_JOB } from './annotations.js';

type JobKind = 'crawl' | 'batch scrape';

const JOBS = {
  crawl: { path: '/v2/crawl', statusTool: 'firecrawl_check_crawl_status' },
  'batch scrape': { path: '/v2/batch/scrape', statusTool: 'firecrawl_check_batch_status' },
} as const;

export function registerJobTools(server: McpServer, context: ToolContext): void {
  const waitMinutes = Math.round(context.limits.maxWaitMs / 60_000);
  server.registerTool(
    'firecrawl_crawl',
    {
      title: 'Run a site crawl',
      description: `Crawl a web site from a start URL: follows its links (and sitemap), scrapes each page, waits until the crawl ends and returns the pages as Markdown, with the crawl id.

Best for: the content of many related pages (a docs section, a blog). Not for one page (firecrawl_scrape) or for listing URLs (firecrawl_map).
Keep limit and maxDiscoveryDepth small: every page goes into the answer. Long answers are paged: the answer says the firecrawl_check_crawl_status call (with "skip") that reads on.
Sends progress notifications (pages done of pages found) while it runs. A crawl still running after ${waitMinutes} minute(s) is left running: the answer gives its id for firecrawl_check_crawl_status; firecrawl_cancel_crawl stops it.
Cost: 1 credit per page (5 with the json format).`,
      inputSchema: crawlShape,
      annotations: { title: 'Run a site crawl', ...STARTS_JOB },
    },
    ({ wait, ...args }, extra) => asTool(() => startAndWait(context, 'crawl', crawlBody(args), args.url, extra, wait !== false)),
  );

  server.registerTool(
    'firecrawl_check_crawl_status',
    {
      title: 'Get crawl status',
      description:
        'Status and pages of a crawl by its id: how many pages are done, and their content as Markdown. Use "skip" to read on past the pages an earlier answer showed.',
      inputSchema: jobStatusShape,
      annotations: { title: 'Get crawl status', readOnlyHint: true, openWorldHint: false, destructiveHint: false },
    },
    ({ id, skip }) => asTool(() => readJob(context, 'crawl', id, skip ?? 0)),
  );

  server.registerTool(
    'firecrawl_cancel_crawl',
    {
      title: 'Cancel a crawl',
      description: 'Stop a running crawl by its id. Pages already scraped stay readable with firecrawl_check_crawl_status.',
      inputSchema: jobIdShape,
      annotations: { title: 'Cancel a crawl', readOnlyHint: false, openWorldHint: false, destructiveHint: true, idempotentHint: true },
    },
    ({ id }) => asTool(() => cancelJob(context, 'crawl', id)),
  );

  server.registerTool(
    'firecrawl_batch_scrape',
    {
      title: 'Scrape many URLs',
      description: `Scrape a list of URLs in one job (options as firecrawl_scrape's), wait for it and return the pages as Markdown, with the batch id.

Best for: several pages whose URLs you know (from firecrawl_map, say). Long answers are paged: the answer says the firecrawl_check_batch_status call (with "skip") that reads on.
Sends progress notifications while it runs; a batch still running after ${waitMinutes} minute(s) is left running and read later by id.
Cost: 1 credit per page (5 with the json format).`,
      inputSchema: batchScrapeShape,
      annotations: { title: 'Scrape many URLs', ...STARTS_JOB },
    },
    ({ urls, options, wait }, extra) =>
      asTool(() =>
        startAndWait(context, 'batch scrape', { urls, ...scrapeBody(options ?? {}) }, `${urls.length} URL(s)`, extra, wait !== false),
      ),
  );

  server.registerTool(
    'firecrawl_check_batch_status',
    {
      title: 'Get batch scrape status',
      description:
        'Status and pages of a batch scrape by its id, as Markdown. Use "skip" to read on past the pages an earlier answer showed.',
      inputSchema: jobStatusShape,
      annotations: { title: 'Get batch scrape status', readOnlyHint: true, openWorldHint: false, destructiveHint: false },
    },
    ({ id, skip }) => asTool(() => readJob(context, 'batch scrape', id, skip ?? 0)),
  );
}

async function startAndWait(
  context: ToolContext,
  kind: JobKind,
  body: Record<string, unknown>,
  label: string,
  extra: ToolExtra,
  wait: boolean,
): Promise<string> {
  const started = await callApi<{ id: string; warning?: string }>(
    context,
    { method: 'POST', path: JOBS[kind].path, body },
    `Starting the ${kind} of ${label}`,
  );
  if (!wait) {
    const warning = started.warning ? `\n\n> Warning: ${started.warning}` : '';
    return `Started the ${kind} of ${label}: id ${started.id}.${warning}\n\nCall ${JOBS[kind].statusTool} with {"id": "${started.id}"} for its progress and pages.`;
  }
  const outcome = await waitForJob(context, started.id, `${kind} of ${label}`, extra);
  const page = await readJob(context, kind, started.id, 0);
  const notes = [
    ...(started.warning ? [`> Warning: ${started.warning}`] : []),
    ...(outcome.gaveUp
      ? [
          `> The ${kind} is still running (stopped waiting: ${outcome.gaveUp}). Call ${JOBS[kind].statusTool} with {"id": "${started.id}"} for the rest.`,
        ]
      : []),
  ];
  return notes.length ? `${notes.join('\n')}\n\n${page}` : page;
}

async function readJob(context: ToolContext, kind: JobKind, id: string, skip: number): Promise<string> {
  const path = `${JOBS[kind].path}/${encodeURIComponent(id)}${skip ? `?skip=${skip}` : ''}`;
  const answer = await callApi<JobStatusAnswer>(context, { method: 'GET', path }, `Reading ${kind} ${id}`);
  // An ended job with pages missing says why, on its first page of results.
  const failed = skip === 0 && answer.status !== 'scraping' && (answer.completed ?? 0) < (answer.total ?? 0);
  const failures = failed
    ? await callApi<JobFailures>(
        context,
        { method: 'GET', path: `${JOBS[kind].path}/${encodeURIComponent(id)}/errors` },
        `Reading the errors of ${kind} ${id}`,
      )
    : undefined;
  return renderJobStatus(kind, id, answer, {
    skip,
    maxChars: context.limits.maxResultChars,
    statusTool: JOBS[kind].statusTool,
    ...(failures ? { failures } : {}),
  }).markdown;
}

async function cancelJob(context: ToolContext, kind: JobKind, id: string): Promise<string> {
  const answer = await callApi<{ status: string }>(
    context,
    { method: 'DELETE', path: `${JOBS[kind].path}/${encodeURIComponent(id)}` },
    `Cancelling ${kind} ${id}`,
  );
  return answer.status === 'cancelled'
    ? `The ${kind} ${id} is cancelled. Pages scraped before stay readable with ${JOBS[kind].statusTool}.`
    : `The ${kind} ${id} had already ended: ${answer.status}. Nothing changed.`;
}
