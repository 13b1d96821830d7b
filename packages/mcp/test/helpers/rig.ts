import { createLlmProvider } from '@trawl/llm';
import { readFromPrompt, startOpenAiStandIn, toolCall, type OpenAiStandIn, type StandInRequest } from '@trawl/llm/testing';
import { searxngProvider } from '@trawl/search';
import { fixtureHits, startSearxngStandIn, type StandIn } from '@trawl/search/testing';
import { startFixtureSite, startSyntheticSite, type FixtureSite, type SyntheticSite } from '@trawl/testkit';
import { afterAll, beforeAll } from 'vitest';

/** What the MCP tools read: the fixture site, a larger generated site, and loopback stand-ins of SearXNG and an OpenAI-compatible model. */
export interface McpRig {
  site: FixtureSite;
  /** A generated site large enough that a crawl of it is still running when a test cancels it. */
  big: SyntheticSite;
  searxng: StandIn;
  model: OpenAiStandIn;
  /** The API's adapters over the stand-ins. */
  adapters(): { searchProvider: ReturnType<typeof searxngProvider>; llm: ReturnType<typeof createLlmProvider> };
  /** The same adapters as `trawl mcp` and `trawl serve` read them from the environment. */
  adapterEnv(): Record<string, string>;
}

/** Started before a file's tests, stopped after them. */
export function mcpRig(): McpRig {
  const rig = {} as McpRig;
  beforeAll(async () => {
    rig.site = await startFixtureSite();
    rig.big = await startSyntheticSite({ pages: 400, minPageBytes: 1_000, maxPageBytes: 2_000 });
    rig.searxng = await startSearxngStandIn({
      hits: (query) => {
        const words = query
          .toLowerCase()
          .split(' ')
          .filter((word) => !word.includes(':') && !word.startsWith('-'));
        return fixtureHits(rig.site.url).filter((hit) =>
          words.every((word) => `${hit.title} ${hit.description}`.toLowerCase().includes(word)),
        );
      },
    });
    rig.model = await startOpenAiStandIn({
      respond: (request) => (request.tools.length > 1 ? planAgentStep(request) : readFromPrompt(request)),
    });
    rig.adapters = () => ({
      searchProvider: searxngProvider({ endpoint: rig.searxng.origin }),
      llm: createLlmProvider({ provider: 'openai-compatible', model: 'stand-in', baseUrl: rig.model.url, maxRetries: 0 }),
    });
    rig.adapterEnv = () => ({
      SEARXNG_ENDPOINT: rig.searxng.origin,
      OPENAI_BASE_URL: rig.model.url,
      OPENAI_API_KEY: 'stand-in',
      MODEL_NAME: 'stand-in',
      TRAWL_BROWSER: 'off',
    });
  });
  afterAll(async () => {
    await Promise.all([rig.model?.close(), rig.searxng?.close(), rig.big?.close(), rig.site?.close()]);
  });
  return rig;
}

/** The agent's planning steps, as a model would take them: read the first page it was given, then finish. */
function planAgentStep(request: StandInRequest): unknown {
  const start = /^Start from these pages: (\S+)/m.exec(request.lastUserText)?.[1];
  if (start && !request.lastUserText.includes('→ done: read ')) return toolCall('scrape', { url: start });
  return toolCall('finish', { reason: 'the page answers it' });
}
