import { apiUrl, session } from './api.js';

/** The shell's single-quoted form of a string. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The `curl` command doing what the playground did (the key shown as a variable, never its value). */
export function curlSnippet(path: string, body: unknown): string {
  const auth = session.key() ? ` \\\n  -H "Authorization: Bearer $TRAWL_API_KEY"` : '';
  return `curl -X POST ${shellQuote(apiUrl(path))} \\\n  -H 'Content-Type: application/json'${auth} \\\n  -d ${shellQuote(JSON.stringify(body, null, 2))}`;
}

/** The same call with the Firecrawl JS SDK (4.x) pointed at this server. */
export function sdkSnippet(method: 'scrape' | 'crawl', body: { url: string } & Record<string, unknown>): string {
  const { url, ...options } = body;
  const key = session.key() ? 'process.env.TRAWL_API_KEY' : "'unused'";
  return `import Firecrawl from '@mendable/firecrawl-js';

const firecrawl = new Firecrawl({ apiKey: ${key}, apiUrl: ${JSON.stringify(apiUrl())} });
const result = await firecrawl.${method}(${JSON.stringify(url)}, ${JSON.stringify(options, null, 2)});`;
}
