/**
 * Map, search, extract and llms.txt answers as Markdown. Pure; the callers cut what is too long.
 */
import { fenced, renderDocument, type V2DocumentView } from './document.js';

export interface MapLink {
  url: string;
  title?: string;
  description?: string;
}

export function renderMap(url: string, links: readonly MapLink[], warning?: string): string {
  const lines = links.map((link) => `- ${link.url}${link.title ? ` — ${link.title}` : ''}`);
  return [`# Map of ${url}`, `${links.length} URL(s)`, ...(warning ? [`> Warning: ${warning}`] : []), lines.join('\n')]
    .filter(Boolean)
    .join('\n\n');
}

export interface SearchHit extends V2DocumentView {
  url?: string;
  title?: string;
  description?: string;
  imageUrl?: string;
  date?: string;
}

export interface SearchAnswer {
  data?: Partial<Record<'web' | 'images' | 'news', SearchHit[]>>;
  warning?: string;
  creditsUsed?: number;
}

export function renderSearch(query: string, answer: SearchAnswer): string {
  const sections = [`# Search: ${query}`];
  if (answer.warning) sections.push(`> Warning: ${answer.warning}`);
  let count = 0;
  for (const source of ['web', 'news', 'images'] as const) {
    const hits = answer.data?.[source];
    if (!hits?.length) continue;
    count += hits.length;
    sections.push(`## ${source === 'web' ? 'Web' : source === 'news' ? 'News' : 'Images'}`);
    for (const [index, hit] of hits.entries()) sections.push(renderHit(hit, index + 1));
  }
  if (count === 0) sections.push('No results.');
  if (answer.creditsUsed !== undefined) sections.push(`_Credits used: ${answer.creditsUsed}._`);
  return sections.join('\n\n');
}

function renderHit(hit: SearchHit, position: number): string {
  const url = hit.url ?? hit.imageUrl ?? '';
  const head = `### ${position}. ${hit.title || url}\n${url}${hit.date ? ` · ${hit.date}` : ''}${hit.description ? `\n\n${hit.description}` : ''}`;
  const scraped = hit.markdown !== undefined || hit.html !== undefined || hit.json !== undefined || hit.summary !== undefined;
  if (!scraped) return head;
  // The scraped page's sections, without its own heading (the hit's heading stands for it).
  const page = renderDocument({ ...hit, metadata: { ...hit.metadata, title: '' } }, 4)
    .split('\n\n')
    .slice(2)
    .join('\n\n');
  return `${head}\n\n${page}`;
}

export interface ExtractAnswer {
  status?: string;
  data?: unknown;
  error?: string;
  warning?: string;
  sources?: unknown;
}

export function renderExtract(urls: readonly string[], answer: ExtractAnswer): string {
  const sections = [`# Extracted from ${urls.join(', ')}`];
  if (answer.warning) sections.push(`> Warning: ${answer.warning}`);
  sections.push(fenced('json', JSON.stringify(answer.data ?? null, null, 2)));
  if (answer.sources !== undefined) sections.push(`## Sources\n\n${fenced('json', JSON.stringify(answer.sources, null, 2))}`);
  return sections.join('\n\n');
}

export interface LlmsTxtAnswer {
  data?: { llmstxt?: string; llmsfulltxt?: string };
  warning?: string;
}

export function renderLlmsTxt(url: string, answer: LlmsTxtAnswer): string {
  const sections = [`# llms.txt of ${url}`];
  if (answer.warning) sections.push(`> Warning: ${answer.warning}`);
  sections.push(fenced('markdown', answer.data?.llmstxt ?? ''));
  if (answer.data?.llmsfulltxt !== undefined) sections.push(`## llms-full.txt\n\n${fenced('markdown', answer.data.llmsfulltxt)}`);
  return sections.join('\n\n');
}
