/**
 * The agent's tools as the model sees them, and the check of each call it makes. Pure: what a
 * call may do (URL rules, the page and credit budgets) is decided here; agent-act.ts does it.
 */
import { z } from 'zod';
import { MAX_URL_LENGTH } from '../../limits.js';
import type { LlmTool, LlmToolCall } from '../../ports/llm.js';
import { typedTargetUrl } from '../../url/typed-url.js';
import { AGENT_CREDITS, canAfford, type AgentSpend } from './agent-budget.js';
import type { AgentRequest } from './agent-request.js';

export type AgentToolName = 'search' | 'map' | 'scrape' | 'crawl' | 'extract' | 'finish';

/** Hits one search returns at most. */
export const AGENT_SEARCH_HITS = 5;
/** Pages one crawl reads at most. */
export const AGENT_CRAWL_PAGES = 5;
/** Links one map shows the model at most. */
export const AGENT_MAP_LINKS = 50;

const url = z.string().min(1).max(MAX_URL_LENGTH);
const inputSchemas = {
  search: z.object({ query: z.string().trim().min(1).max(400) }),
  map: z.object({ url, search: z.string().trim().max(200).optional() }),
  scrape: z.object({ url }),
  crawl: z.object({ url, limit: z.number().int().min(1).max(AGENT_CRAWL_PAGES).optional() }),
  extract: z.object({ url, prompt: z.string().trim().min(1).max(2000) }),
  finish: z.object({ reason: z.string().max(2000).optional() }),
} satisfies Record<AgentToolName, z.ZodType>;

const DEFINITIONS: Record<AgentToolName, LlmTool> = {
  search: {
    name: 'search',
    description: `Search the web. Returns up to ${AGENT_SEARCH_HITS} results (URL, title, snippet).`,
    parameters: objectOf({ query: { type: 'string', description: 'The search query.' } }, ['query']),
  },
  map: {
    name: 'map',
    description: `List the URLs of a website (up to ${AGENT_MAP_LINKS}), optionally those matching a word.`,
    parameters: objectOf(
      { url: { type: 'string', description: 'Any page of the site.' }, search: { type: 'string', description: 'Keep URLs about this.' } },
      ['url'],
    ),
  },
  scrape: {
    name: 'scrape',
    description: 'Read one page: returns its text as Markdown.',
    parameters: objectOf({ url: { type: 'string', description: 'The page to read.' } }, ['url']),
  },
  crawl: {
    name: 'crawl',
    description: `Read a few pages of a site from a start page (up to ${AGENT_CRAWL_PAGES}).`,
    parameters: objectOf(
      {
        url: { type: 'string', description: 'The start page.' },
        limit: { type: 'integer', minimum: 1, maximum: AGENT_CRAWL_PAGES, description: 'Pages to read.' },
      },
      ['url'],
    ),
  },
  extract: {
    name: 'extract',
    description: 'Read one page and pull out only what a question asks (use for long pages).',
    parameters: objectOf(
      { url: { type: 'string', description: 'The page to read.' }, prompt: { type: 'string', description: 'What to pull out.' } },
      ['url', 'prompt'],
    ),
  },
  finish: {
    name: 'finish',
    description: 'Stop: what was read is enough to answer (or nothing more can be found).',
    parameters: objectOf({ reason: { type: 'string', description: 'Why it is enough.' } }, []),
  },
};

function objectOf(properties: Record<string, unknown>, required: string[]): Record<string, unknown> {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The tools offered: with strictConstrainToURLs only reading the given pages (no search, map or crawl). */
export function toolsFor(request: Pick<AgentRequest, 'strictConstrainToURLs'>): LlmTool[] {
  const names: AgentToolName[] = request.strictConstrainToURLs
    ? ['scrape', 'extract', 'finish']
    : ['search', 'map', 'scrape', 'crawl', 'extract', 'finish'];
  return names.map((name) => DEFINITIONS[name]);
}

export type AgentInput = Record<string, unknown>;

/** What the loop does with a call: act on it (costing at most `most` credits and `pages` pages), stop, or refuse it. */
export type PlannedCall =
  | { type: 'finish'; reason?: string }
  | { type: 'act'; tool: Exclude<AgentToolName, 'finish'>; input: AgentInput; most: number; pages: number }
  | { type: 'refuse'; tool: string; input: AgentInput; reason: string };

/** Checks one call against the tools offered, its arguments, the URL rules and what is left to spend. */
export function planCall(call: Pick<LlmToolCall, 'name' | 'input'>, request: AgentRequest, spend: AgentSpend): PlannedCall {
  const offered = toolsFor(request).map((t) => t.name);
  const refuse = (reason: string): PlannedCall => ({ type: 'refuse', tool: call.name, input: call.input, reason });
  if (!offered.includes(call.name)) return refuse(`"${call.name}" is not one of the tools offered (${offered.join(', ')})`);
  const name = call.name as AgentToolName;
  const parsed = inputSchemas[name].safeParse(call.input);
  if (!parsed.success) return refuse(`bad arguments: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const input = parsed.data as AgentInput;
  if (name === 'finish') return { type: 'finish', ...(typeof input.reason === 'string' ? { reason: input.reason } : {}) };

  if (typeof input.url === 'string') {
    const target = readUrl(input.url);
    if (!target) return refuse(`"${input.url}" is not a URL`);
    if (request.strictConstrainToURLs && !request.urls.includes(target))
      return refuse(`${target} is not one of the URLs the agent is kept to`);
    input.url = target;
  }
  const { most, pages } = costOf(name, input);
  if (spend.pages + pages > request.budget.maxPages) return refuse(`the page budget (${request.budget.maxPages} pages) is spent`);
  if (!canAfford(request.maxCredits, spend, most)) return refuse(`maxCredits (${request.maxCredits}) leaves too little for it`);
  return { type: 'act', tool: name, input, most, pages };
}

/** The most an action may cost, in credits and in pages read. */
function costOf(tool: Exclude<AgentToolName, 'finish'>, input: AgentInput): { most: number; pages: number } {
  switch (tool) {
    case 'search':
      return { most: AGENT_SEARCH_HITS * AGENT_CREDITS.searchHit, pages: 0 };
    case 'map':
      return { most: AGENT_CREDITS.map, pages: 0 };
    case 'scrape':
      return { most: AGENT_CREDITS.page, pages: 1 };
    case 'crawl': {
      const limit = typeof input.limit === 'number' ? input.limit : AGENT_CRAWL_PAGES;
      return { most: AGENT_CREDITS.map + limit * AGENT_CREDITS.page, pages: limit };
    }
    case 'extract':
      return { most: AGENT_CREDITS.extractPage, pages: 1 };
  }
}

function readUrl(value: string): string | undefined {
  try {
    return typedTargetUrl(value);
  } catch {
    return undefined;
  }
}
