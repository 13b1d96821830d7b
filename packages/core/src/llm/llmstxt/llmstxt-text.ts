/**
 * The two texts of an llms.txt job, in the layout Firecrawl's clients expect:
 * `# {url} llms.txt` then one `- [title](url): description` line per page, and
 * `# {url} llms-full.txt` then each page's Markdown under a `## title` heading.
 */
import type { Document } from '../../document.js';

export interface PageSummary {
  url: string;
  title: string;
  description: string;
  /** The page's Markdown, for llms-full.txt. */
  markdown: string;
}

export function llmsTxtOf(siteUrl: string, pages: readonly PageSummary[]): string {
  const lines = pages.map((p) => `- [${linkText(p.title)}](${linkTarget(p.url)}): ${oneLine(p.description)}\n`);
  return `# ${siteUrl} llms.txt\n\n${lines.join('')}`;
}

export function llmsFullTxtOf(siteUrl: string, pages: readonly PageSummary[]): string {
  const sections = pages.map((p) => `## ${oneLine(p.title)}\n${p.markdown.trim()}\n\n`);
  return `# ${siteUrl} llms-full.txt\n\n${sections.join('')}`;
}

const DESCRIPTION_MAX = 200;

/** A title and a description from what the page says about itself (no model). */
export function summaryFromPage(document: Document, url: string): { title: string; description: string } {
  const markdown = document.markdown ?? '';
  const title = clean(String(document.metadata.title ?? '')) || firstHeading(markdown) || pathTitle(url);
  const description = clean(String(document.metadata.description ?? '')) || firstSentence(markdown) || title;
  return { title, description: truncate(description, DESCRIPTION_MAX) };
}

function firstHeading(markdown: string): string {
  const match = /^#{1,6}\s+(.+)$/m.exec(markdown);
  return match ? clean(plainText(match[1]!)) : '';
}

function firstSentence(markdown: string): string {
  for (const block of markdown.split(/\n\s*\n/)) {
    if (/^\s*(#|!\[|\||```|>|[-*+] |\d+\. )/.test(block)) continue; // headings, images, tables, code, quotes, lists
    const text = clean(plainText(block));
    if (text.length < 20) continue;
    const sentence = /^(.+?[.!?])(\s|$)/.exec(text);
    return sentence ? sentence[1]! : text;
  }
  return '';
}

function pathTitle(url: string): string {
  try {
    const { hostname, pathname } = new URL(url);
    const last = pathname.split('/').filter(Boolean).pop();
    return last
      ? decodeURIComponent(last)
          .replace(/[-_]+/g, ' ')
          .replace(/\.\w+$/, '')
      : hostname;
  } catch {
    return url;
  }
}

/** Markdown links and emphasis reduced to their words. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]+/g, '');
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function oneLine(text: string): string {
  return clean(text);
}

function linkText(text: string): string {
  return oneLine(text).replace(/[[\]]/g, '\\$&');
}

function linkTarget(url: string): string {
  return url.replace(/[ ()]/g, (c) => ({ ' ': '%20', '(': '%28', ')': '%29' })[c]!);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}
