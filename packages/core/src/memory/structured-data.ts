/**
 * A page's JSON-LD as lines of `path: value`, so change tracking sees a price or a stock level a
 * page states only in its structured data. Read from the raw HTML with a bounded scan (no parse:
 * the conversion thread already parsed the page once).
 */
const LD_JSON = /<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi;
const MAX_BLOCKS = 20;
const MAX_LINES = 500;

function flatten(value: unknown, path: string, lines: string[]): void {
  if (lines.length >= MAX_LINES) return;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) flatten(item, `${path}[${i}]`, lines);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (key !== '@context') flatten(item, path ? `${path}.${key}` : key, lines);
  } else if (value !== null && value !== undefined) lines.push(`${path}: ${String(value)}`);
}

/** The JSON-LD of `html` flattened, one `path: value` line each; blocks that do not parse are skipped. */
export function structuredDataLines(html: string): string[] {
  const lines: string[] = [];
  let blocks = 0;
  for (const match of html.matchAll(LD_JSON)) {
    if (++blocks > MAX_BLOCKS) break;
    try {
      flatten(JSON.parse(match[1]!), '', lines);
    } catch {
      // A broken block says nothing reliable.
    }
  }
  return lines;
}

/** The text change tracking keeps and diffs: the Markdown, then the structured data under a marker line. */
export function trackedText(markdown: string, html: string | undefined): string {
  const lines = html ? structuredDataLines(html) : [];
  return lines.length ? `${markdown.trimEnd()}\n\n<!-- structured data -->\n${lines.join('\n')}\n` : markdown;
}
