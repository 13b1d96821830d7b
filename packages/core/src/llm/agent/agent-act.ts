/**
 * Does one checked tool call with Trawl's own parts: the search provider, map, scrape (a crawl
 * is a map of the site and a few of its pages scraped), and extract over one page.
 */
import { mapLinks } from '../../crawl/map.js';
import type { Document } from '../../document.js';
import { addUsage, NO_USAGE, type LlmProvider, type LlmUsage } from '../../ports/llm.js';
import { withoutStore, type Runtime } from '../../runtime/runtime.js';
import { scrape } from '../../scrape.js';
import { mapConcurrently } from '../concurrent.js';
import { extractFromText } from '../extract-from-text.js';
import { assertPageOk } from '../llm-runtime.js';
import { AGENT_CREDITS } from './agent-budget.js';
import { AGENT_CRAWL_PAGES, AGENT_MAP_LINKS, AGENT_SEARCH_HITS, type AgentInput } from './agent-tools.js';

/** A page the agent read, as status bodies list it. */
export interface AgentSource {
  url: string;
  title: string;
  description: string;
}

export interface ActOutcome {
  ok: boolean;
  message: string;
  /** What the model reads of it. */
  content?: string;
  credits: number;
  pages: number;
  sources: AgentSource[];
  usage: LlmUsage;
}

/** Pages of a crawl scraped at once. */
const CRAWL_CONCURRENCY = 2;

/** Runs `tool`; a failure of the tool itself (a page that does not load) is an outcome, not a throw, unless `signal` aborted. */
export async function act(tool: string, input: AgentInput, runtime: Runtime, llm: LlmProvider, signal: AbortSignal): Promise<ActOutcome> {
  // The pages the agent reads are its own work, not scrapes of the caller's: they skip the page memory.
  const pageRuntime = withoutStore(runtime);
  try {
    switch (tool) {
      case 'search':
        return await search(String(input.query), runtime, signal);
      case 'map':
        return await mapSite(String(input.url), typeof input.search === 'string' ? input.search : undefined, pageRuntime, signal);
      case 'scrape': {
        const document = await readPage(String(input.url), pageRuntime, signal);
        return pageOutcome(document, AGENT_CREDITS.page);
      }
      case 'crawl':
        return await crawlFew(String(input.url), typeof input.limit === 'number' ? input.limit : AGENT_CRAWL_PAGES, pageRuntime, signal);
      case 'extract':
        return await extractPage(String(input.url), String(input.prompt), pageRuntime, llm, signal);
      default:
        throw new Error(`unknown tool ${tool}`);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      credits: 0,
      pages: 0,
      sources: [],
      usage: NO_USAGE,
    };
  }
}

async function search(query: string, runtime: Runtime, signal: AbortSignal): Promise<ActOutcome> {
  if (!runtime.searchProvider) throw new Error('no search provider is configured; read pages by URL instead');
  const hits = await runtime.searchProvider.search(query, { limit: AGENT_SEARCH_HITS, signal });
  const content = hits.map((h, i) => `${i + 1}. ${h.url}\n   ${h.title}${h.description ? `: ${h.description}` : ''}`).join('\n');
  return {
    ok: true,
    message: `${hits.length} result(s)`,
    content: content || '(no results)',
    credits: hits.length * AGENT_CREDITS.searchHit,
    pages: 0,
    sources: [],
    usage: NO_USAGE,
  };
}

async function mapSite(url: string, words: string | undefined, runtime: Runtime, signal: AbortSignal): Promise<ActOutcome> {
  const links = await mapLinks(url, { runtime, limit: AGENT_MAP_LINKS, ...(words ? { search: words } : {}), signal });
  const content = links.map((l) => `${l.url}${l.title ? ` (${l.title})` : ''}`).join('\n');
  return {
    ok: true,
    message: `${links.length} URL(s)`,
    content: content || '(no URLs)',
    credits: AGENT_CREDITS.map,
    pages: 0,
    sources: [],
    usage: NO_USAGE,
  };
}

async function readPage(url: string, runtime: Runtime, signal: AbortSignal): Promise<Document> {
  const document = await scrape(url, { formats: ['markdown'], runtime, signal });
  assertPageOk(document);
  return document;
}

function pageOutcome(document: Document, credits: number): ActOutcome {
  const markdown = document.markdown ?? '';
  return {
    ok: true,
    message: `read ${document.metadata.url}${document.metadata.title ? ` (${document.metadata.title})` : ''}, ${markdown.length} characters`,
    content: `Page ${document.metadata.url}\n${markdown}`,
    credits,
    pages: 1,
    sources: [sourceOf(document)],
    usage: NO_USAGE,
  };
}

function sourceOf(document: Document): AgentSource {
  return { url: document.metadata.url, title: document.metadata.title ?? '', description: document.metadata.description ?? '' };
}

/** The start page and the first pages of the same site its map finds, up to `limit` pages. */
async function crawlFew(url: string, limit: number, runtime: Runtime, signal: AbortSignal): Promise<ActOutcome> {
  const links = await mapLinks(url, { runtime, limit: limit * 4, signal });
  const host = new URL(url).host;
  const urls = [url, ...links.map((l) => l.url).filter((u) => u !== url && new URL(u).host === host)].slice(0, limit);
  const read = await mapConcurrently(urls, CRAWL_CONCURRENCY, async (page) => {
    try {
      return pageOutcome(await readPage(page, runtime, signal), AGENT_CREDITS.page);
    } catch (error) {
      if (signal.aborted) throw error;
      return undefined;
    }
  });
  const pages = read.filter((p): p is ActOutcome => p !== undefined);
  if (!pages.length) throw new Error(`none of ${urls.length} page(s) could be read`);
  return {
    ok: true,
    message: `read ${pages.length} of ${urls.length} page(s)`,
    content: pages.map((p) => p.content).join('\n\n'),
    credits: AGENT_CREDITS.map + pages.length * AGENT_CREDITS.page,
    pages: pages.length,
    sources: pages.flatMap((p) => p.sources),
    usage: NO_USAGE,
  };
}

async function extractPage(url: string, prompt: string, runtime: Runtime, llm: LlmProvider, signal: AbortSignal): Promise<ActOutcome> {
  const document = await readPage(url, runtime, signal);
  const extraction = await extractFromText(llm, {
    content: document.markdown ?? '',
    prompt,
    url: document.metadata.url,
    ...(document.metadata.title ? { title: document.metadata.title } : {}),
    signal,
  });
  return {
    ok: true,
    message: `extracted from ${document.metadata.url}`,
    content: `From ${document.metadata.url}: ${JSON.stringify(extraction.value)}`,
    credits: AGENT_CREDITS.extractPage,
    pages: 1,
    sources: [sourceOf(document)],
    usage: addUsage(NO_USAGE, extraction.usage),
  };
}
