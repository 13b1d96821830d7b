/**
 * A scraped page as Markdown an agent reads: a heading with its title, a line of facts (URL,
 * status, scrapeId), then each format the call asked for. The page's own Markdown goes in
 * verbatim, so it is the same text the REST API answers. Pure.
 */

/** The fields of a v2 document the tools show. */
export interface V2DocumentView {
  markdown?: string;
  summary?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  screenshot?: string;
  json?: unknown;
  answer?: unknown;
  highlights?: string;
  product?: unknown;
  menu?: unknown;
  branding?: unknown;
  audio?: string;
  video?: string;
  warning?: string;
  metadata?: { title?: unknown; sourceURL?: string; url?: string; statusCode?: number; scrapeId?: string; error?: string };
}

export function renderDocument(document: V2DocumentView, headingLevel = 1): string {
  const metadata = document.metadata ?? {};
  const url = metadata.url ?? metadata.sourceURL ?? '';
  const title = firstText(metadata.title) || url || 'Untitled page';
  const facts = [
    url && `URL: ${url}`,
    metadata.statusCode !== undefined && `status ${metadata.statusCode}`,
    metadata.scrapeId && `scrapeId ${metadata.scrapeId}`,
  ].filter(Boolean);
  const sections = [`${'#'.repeat(headingLevel)} ${title}`, facts.join(' · ')];
  if (document.warning) sections.push(`> Warning: ${document.warning}`);
  if (metadata.error) sections.push(`> Error: ${metadata.error}`);
  const sub = '#'.repeat(headingLevel + 1);
  if (document.summary !== undefined) sections.push(`${sub} Summary\n\n${document.summary}`);
  if (document.json !== undefined) sections.push(`${sub} JSON\n\n${fenced('json', JSON.stringify(document.json, null, 2))}`);
  if (document.answer !== undefined) sections.push(`${sub} Answer\n\n${String(document.answer)}`);
  if (document.highlights !== undefined) sections.push(`${sub} Highlights\n\n${document.highlights || '(none)'}`);
  for (const [name, value] of [
    ['Product', document.product],
    ['Menu', document.menu],
    ['Branding', document.branding],
  ] as const)
    if (value !== undefined) sections.push(`${sub} ${name}\n\n${fenced('json', JSON.stringify(value, null, 2))}`);
  if (document.video !== undefined) sections.push(`${sub} Video\n\n${document.video}`);
  if (document.audio !== undefined) sections.push(`${sub} Audio\n\n${document.audio}`);
  if (document.markdown !== undefined) sections.push(document.markdown);
  if (document.links !== undefined) sections.push(`${sub} Links\n\n${document.links.map((link) => `- ${link}`).join('\n') || '(none)'}`);
  if (document.screenshot !== undefined) sections.push(`${sub} Screenshot\n\n${describeScreenshot(document.screenshot)}`);
  if (document.html !== undefined) sections.push(`${sub} HTML\n\n${fenced('html', document.html)}`);
  if (document.rawHtml !== undefined) sections.push(`${sub} Raw HTML\n\n${fenced('html', document.rawHtml)}`);
  return sections.filter((section) => section !== '').join('\n\n');
}

/** A fenced block whose fence is longer than any backtick run inside, so the content cannot close it. */
export function fenced(language: string, content: string): string {
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${content}\n${fence}`;
}

/** A data: URL would flood the answer with base64; a link is shown as is. */
function describeScreenshot(screenshot: string): string {
  if (!screenshot.startsWith('data:')) return screenshot;
  return `(an image of ${screenshot.length} characters as a data: URL; ask the REST API's /v2/scrape for the image itself)`;
}

function firstText(value: unknown): string {
  if (Array.isArray(value)) return firstText(value[0]);
  return typeof value === 'string' ? value.trim() : '';
}
