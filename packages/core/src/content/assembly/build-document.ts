import type { Document as ScrapedDocument } from '../../document.js';
import type { ResolvedScrapeOptions } from '../../options.js';
import { toMarkdown } from '../../formats/markdown.js';
import { cleanContent } from './clean.js';
import { extractLinks } from './links.js';
import { extractMetadata } from './metadata.js';
import { readPageExtras } from './page-extras.js';
import { pageSummary } from './page-summary.js';
import { isFooterOnlyShell, isStrayLinks } from './shell-page.js';
import { readPageProfiles } from '../profiles/read-profiles.js';
import { parsedElementCount, parseHtml, type HtmlDocument } from '../dom/parse.js';
import { hasText, textLengthUpTo } from '../dom/text.js';
import { type ExplainStep, explainDecision } from '../steps/explain.js';
import { documentBaseUrl } from './urls.js';

/**
 * Main-content detection (Readability) grows faster than the page: past this many elements (six
 * times the largest of 1,678 real benchmark pages) the whole cleaned page is kept instead.
 */
export const MAX_MAIN_CONTENT_ELEMENTS = 100_000;

/** Said of a page whose body held no text, whose content is then what its head says about it. */
export const SHELL_WARNING =
  "The page's body holds no text (a client-side app's shell, rendered by its scripts): the content is its title and description. A browser engine renders the page itself.";

/**
 * Content shorter than this is converted to Markdown to learn whether it is empty when Markdown
 * was not asked for, so `links` and `html` fall back exactly when `markdown` would: a few
 * characters of text can convert to nothing (a "Skip navigation" link alone, say). Longer content
 * always converts to something.
 */
const SHORT_CONTENT_CHARS = 512;

/** Whether the content, or the Markdown made of it when there is some, says nothing. */
function contentIsEmpty(content: Element, markdown: string | undefined): boolean {
  if (markdown !== undefined) return markdown === '';
  if (!hasText(content)) return true;
  return textLengthUpTo(content, SHORT_CONTENT_CHARS) < SHORT_CONTENT_CHARS && toMarkdown(content) === '';
}

/** Said of a page left with no content: its body has no text of its own and its head no excerpt of it. */
export const EMPTY_SHELL_WARNING =
  "The page's body holds no text of its own (a client-side app's shell, rendered by its scripts) and its head gives no excerpt of it: the content is empty. A browser engine renders the page itself.";

export interface HtmlPage {
  html: string;
  /** The final URL, after redirects: relative links resolve against it. */
  url: string;
  /** The URL as the caller asked for it. */
  sourceURL: string;
  statusCode: number;
  contentType?: string;
}

export interface BuildHooks {
  /** Sees the parsed page before cleaning changes it (a crawler reads every link of the raw page here). */
  onParsed?: (document: HtmlDocument) => void;
  /** Fill `Document.explain` with the main-content steps' trace. */
  explain?: boolean;
  /** Main-content steps not to run, by name (`pnpm bench:quality --without`). */
  withoutSteps?: ReadonlySet<string>;
  /** Run even the steps a links-only conversion skips (`pnpm bench links-main` compares). */
  everyStep?: boolean;
}

/**
 * Turns a fetched HTML page into a Document with the requested markdown, html (cleaned),
 * rawHtml and links formats, the images, attributes and profiles options, and the page's metadata. Parses
 * the page once (twice only when main content comes out empty). Screenshot and json formats are
 * someone else's: they need a browser or an LLM.
 */
export function buildHtmlDocument(page: HtmlPage, requested: ResolvedScrapeOptions, hooks: BuildHooks = {}): ScrapedDocument {
  const document = parseHtml(page.html);
  hooks.onParsed?.(document);
  // Images, attributes and profiles are read from the page as served, before cleaning changes it.
  const extras = requested.images || requested.attributes ? readPageExtras(document, documentBaseUrl(document, page.url), requested) : {};
  const profiles = requested.profiles ? readPageProfiles(document, documentBaseUrl(document, page.url), page.url, requested.profiles) : {};
  const elements = parsedElementCount(document);
  const tooLargeForMainContent = requested.onlyMainContent && elements > MAX_MAIN_CONTENT_ELEMENTS;
  const options = tooLargeForMainContent ? { ...requested, onlyMainContent: false } : requested;
  const formats = new Set(options.formats);
  const result: ScrapedDocument = {
    metadata: {
      ...extractMetadata(document, page.url),
      sourceURL: page.sourceURL,
      url: page.url,
      statusCode: page.statusCode,
      ...(page.contentType === undefined ? {} : { contentType: page.contentType }),
    },
    ...extras,
    ...profiles,
  };
  if (formats.has('markdown') || formats.has('html') || formats.has('links')) {
    // Cleaning consumes the document, so the fallback below needs the page's text measured first;
    // only main-content detection can come out empty, so only then is it worth measuring.
    const mayFallBack = options.onlyMainContent && !options.includeTags?.length;
    const pageHasText = mayFallBack && hasText(document.body);
    const linksOnly = !formats.has('markdown') && !formats.has('html');
    const baseUrl = documentBaseUrl(document, page.url);
    const trace: ExplainStep[] | undefined = hooks.explain ? [] : undefined;
    const steps = { trace, without: hooks.withoutSteps, forLinksOnly: linksOnly && !hooks.everyStep };
    // A shell whose only text is the site's footer has no main content: not even the whole page's.
    const footerOnly = mayFallBack && document.body !== null && isFooterOnlyShell(document.body);
    let content = footerOnly
      ? document.createElement('div')
      : cleanContent({ html: page.html, url: page.url, document, baseUrl }, { ...options, forLinksOnly: linksOnly }, steps);
    if (footerOnly)
      trace?.push(explainDecision('footer-only-shell', "the body's only text is the site's footer: no main content", content));
    // Read before the Markdown conversion, which may consume the content.
    const strayLinks = mayFallBack && isStrayLinks(content);
    // Converted in place unless the content is read again (for html, links or the explain trace).
    const consume = !formats.has('html') && !formats.has('links') && !trace;
    let markdown = formats.has('markdown') ? toMarkdown(content, { consume }) : undefined;
    // Main-content detection must never leave a page with text empty-handed (Firecrawl agrees).
    const empty = !footerOnly && pageHasText && contentIsEmpty(content, markdown);
    if (empty) {
      content = cleanContent({ html: page.html, url: page.url }, { ...options, onlyMainContent: false, forLinksOnly: linksOnly });
      trace?.push(explainDecision('whole-page-fallback', 'main content came out empty: the whole cleaned page is kept', content));
      if (markdown !== undefined) markdown = toMarkdown(content);
    }
    // A page whose body holds no text at all (a client-side app's unrendered shell), or only a
    // few stray links, still describes itself in its head: that summary is its content instead.
    const nothingLeft = mayFallBack && contentIsEmpty(content, markdown);
    const stillEmpty = nothingLeft || (mayFallBack && (empty ? isStrayLinks(content) : strayLinks));
    const summary = stillEmpty ? pageSummary(content.ownerDocument, result.metadata) : undefined;
    if (summary) {
      content = summary;
      trace?.push(
        explainDecision(
          'page-summary',
          "the page's body has no text of its own (nothing, or a few stray links): its title and description are kept",
          content,
        ),
      );
      if (markdown !== undefined) markdown = toMarkdown(content);
      result.warning = SHELL_WARNING;
    } else if (nothingLeft) {
      // Empty, and said so: an empty result without a reason reads as a failure of the scraper.
      result.warning = EMPTY_SHELL_WARNING;
    }
    if (markdown !== undefined) result.markdown = markdown;
    if (trace) result.explain = trace;
    if (formats.has('html')) result.html = content.innerHTML.trim();
    // Like Firecrawl, links come from the cleaned content; crawlers read the raw page with extractLinks.
    if (formats.has('links')) result.links = extractLinks(content, page.url, baseUrl);
    if (tooLargeForMainContent) {
      result.warning = `The page has ${elements} elements: past ${MAX_MAIN_CONTENT_ELEMENTS}, main content is not detected and the whole page is kept.`;
    }
  }
  if (formats.has('rawHtml')) result.rawHtml = page.html;
  return result;
}
