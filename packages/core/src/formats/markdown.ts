/// <reference path="./turndown-plugin-gfm.d.ts" />
import { strikethrough, taskListItems } from '@joplin/turndown-plugin-gfm';
import TurndownService from 'turndown';
import { parseHtml, type HtmlDocument } from '../content/dom/parse.js';
import { installTableRows, withTableRowsMemo } from '../content/dom/table-rows.js';
import { nextInTree } from '../content/dom/tree-walk.js';
import { bracketedEnds } from './bracketed-ends.js';
import { installChildNodesMemo, withChildNodesMemo } from './child-nodes-memo.js';
import { codeLabelRule, labelledLanguage } from './code-labels.js';
import { summaryRule } from './details-summary.js';
import { isHeadingSelfLink } from './heading-anchors.js';
import { layoutTableRule } from './layout-tables.js';
import { voteCountRule, withoutGroupMarkers } from './post-chrome.js';
import { safeTables } from './safe-tables.js';
import { matchRulesByName, skipNeedlessEscapes } from './turndown-speed.js';

installTableRows();
installChildNodesMemo();

/** Code block languages as highlighters name them in class attributes. */
const LANGUAGE_CLASS = /(?:^|\s)(?:(?:language|lang|highlight-source|highlight-text|brush:?)-?|brush:\s+)([\w+#.-]+)/i;
/** Accessibility links that only make sense on the live page. */
const SKIP_LINK_TEXT = /^\s*(skip|jump)\s+(to|navigation)\b/i;

/** One converter for the whole process: turndown keeps no per-call state, and building one is slow. */
const turndown = createTurndown();

/**
 * Markdown for a cleaned content element, a document, or an HTML string. `consume`: the element is
 * not read afterwards, so turndown may convert it in place (`convertedInPlace`).
 */
export function toMarkdown(input: string | Element | HtmlDocument, { consume = false }: { consume?: boolean } = {}): string {
  const root = typeof input === 'string' ? parseHtml(input).body : 'body' in input ? input.body : input;
  if (!root) return '';
  const tree = consume && root === input ? convertedInPlace(root) : root;
  return tidyWhitespace(withTableRowsMemo(() => withChildNodesMemo(() => turndown.turndown(tree as unknown as TurndownService.Node))));
}

/**
 * Turndown converts a copy of the element it is given (its whitespace pass rewrites text), and
 * copying a page's content costs more than the pass. An element nobody reads afterwards is
 * converted itself: detached first, as the copy is, so the rules that look up the tree see no
 * ancestors in either case, and handed over as its own copy.
 */
function convertedInPlace(root: Element): Element {
  root.remove();
  Object.defineProperty(root, 'cloneNode', { value: () => root, configurable: true });
  return root;
}

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    hr: '---',
  });
  // The GFM table rules guarded so that a table they cannot lay out never fails the page.
  service.use([safeTables, strikethrough, taskListItems]);
  // Nothing readable in these: code, inline graphics, embeds and form controls.
  service.remove(['script', 'style', 'noscript', 'template', 'canvas', 'iframe', 'object', 'embed']);
  service.remove(['select', 'textarea', 'input', 'button']);
  service.remove((node) => node.nodeName.toLowerCase() === 'svg');
  // Rules added later take precedence, so these override turndown's own.
  service.addRule('fencedCodeWithLanguage', { filter: 'pre', replacement: fencedCode });
  service.addRule('inlineLink', { filter: isLink, replacement: inlineLink });
  service.addRule('image', { filter: 'img', replacement: image });
  service.addRule('codeLanguageLabel', codeLabelRule(markupLanguage));
  service.addRule('summary', summaryRule);
  service.addRule('voteCount', voteCountRule);
  // Layout tables, and cells outside any table (the GFM rules fail on those), become plain blocks.
  service.addRule('layoutTables', layoutTableRule);
  matchRulesByName(service);
  skipNeedlessEscapes(service);
  return service;
}

function fencedCode(_content: string, node: TurndownService.Node): string {
  const pre = node as unknown as Element;
  const code = codeText(pre).replace(/^\n+|\s+$/g, '');
  if (!code) return '';
  const longestRun = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  return `\n\n${fence}${markupLanguage(pre) || labelledLanguage(pre, markupLanguage)}\n${code}\n${fence}\n\n`;
}

/** The language named by the <pre>, its <code> child or a highlighter wrapper around it. */
function markupLanguage(pre: Element): string {
  const code = pre.querySelector('code');
  for (const element of [pre, code, pre.parentElement]) {
    if (!element) continue;
    const attribute = element.getAttribute('data-lang') ?? element.getAttribute('data-language');
    if (attribute?.trim()) return attribute.trim();
    const match = LANGUAGE_CLASS.exec(element.getAttribute('class') ?? '');
    if (match) return match[1]!;
  }
  return '';
}

/**
 * A code block's text, with the line breaks that textContent would lose: <br>, and the start of
 * each of Shiki's line elements (`<span class="line">`, rehype-pretty-code's `data-line`), which
 * minified pages put side by side with no newline between them and CSS shows as lines
 * (Tailwind's docs: "npm create vite@latest my-projectcd my-project").
 */
function codeText(root: Node): string {
  let text = '';
  for (let node = nextInTree(root, root); node; node = nextInTree(node, root)) {
    if (node.nodeType === 3) text += (node as Text).data;
    else if (node.nodeName === 'BR') text += '\n';
    else if (text && !text.endsWith('\n') && isCodeLine(node as Element)) text += '\n';
  }
  return text;
}

function isCodeLine(element: Element): boolean {
  return element.nodeType === 1 && (element.classList.contains('line') || element.hasAttribute('data-line'));
}

function isLink(node: HTMLElement): boolean {
  return node.nodeName === 'A' && Boolean(node.getAttribute('href'));
}

function inlineLink(content: string, node: TurndownService.Node): string {
  const href = (node as unknown as Element).getAttribute('href') ?? '';
  // Card links wrap headings and paragraphs; Markdown link text must stay on one line.
  const text = content
    .split('\n')
    .map((line) => line.trim().replace(/^#{1,6}\s+/, ''))
    .filter(Boolean)
    .join(' ');
  if (!text) return '';
  if (SKIP_LINK_TEXT.test(text) && href.includes('#')) return '';
  if (isHeadingSelfLink(node as unknown as Element)) return text;
  // A bracketed link text ("[source]", "[1]", "[Hsu '13]") keeps its brackets outside the link:
  // escaped brackets inside link text trip up simpler Markdown readers, which then read the URL as text.
  const bracketed = BRACKETED_TEXT.exec(text);
  if (bracketed) return `\\[[${bracketed[1]}](${markdownUrl(href)})\\]`;
  // So do bracketed words at either end of it ("git-checkout[1]", "[Video Podcast] Building…").
  const ends = bracketedEnds(text);
  if (ends?.middle && (ends.lead || ends.tail)) return `${ends.lead}[${ends.middle}](${markdownUrl(href)})${ends.tail}`;
  return `[${text}](${markdownUrl(href)})`;
}

/** Link text that is one bracketed phrase, as turndown escapes it (`\[source\]`), with no other bracket inside. */
const BRACKETED_TEXT = /^\\\[((?:(?!\\[[\]])[^\n])+)\\\]$/;

/** Parentheses and spaces would end a Markdown link destination early. */
function markdownUrl(url: string): string {
  return url.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/ /g, '%20');
}

function image(_content: string, node: TurndownService.Node): string {
  const element = node as unknown as Element;
  const src = element.getAttribute('src')?.trim();
  if (!src) return '';
  const alt = (element.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
  const shownAlt = alt && !redundantAlt(alt, element) ? alt.replace(/[[\]]/g, '\\$&') : '';
  return `![${shownAlt}](${markdownUrl(src)})`;
}

/** Per converted tree: its visible text and the alt texts already written, for the alt-text checks. */
const treeText = new WeakMap<Node, { visible: string; alts: Set<string> }>();

/** A file name used as alt text ("IMG_2041", "hero-image-02", "map.png") describes nothing. */
const FILE_NAME_ALT = /^(?=[\w.-]*[\d_])[\w.-]+$|^\S+\.(?:jpe?g|png|gif|webp|avif|svg)$/i;

/**
 * True when an alt text adds nothing to the Markdown: it repeats text the content already shows
 * (news sites copy captions into alts), repeats an earlier image's alt (galleries), or is a file
 * name. Short alts ("Photo", a name) are too common to count as repeats.
 */
function redundantAlt(alt: string, image: Element): boolean {
  if (FILE_NAME_ALT.test(alt)) return true;
  let root: Node = image;
  while (root.parentNode) root = root.parentNode;
  let seen = treeText.get(root);
  if (!seen) {
    seen = { visible: normaliseText(root.textContent ?? ''), alts: new Set() };
    treeText.set(root, seen);
  }
  const normalised = normaliseText(alt);
  if (normalised.length < 20) return false;
  if (seen.alts.has(normalised)) return true;
  seen.alts.add(normalised);
  return seen.visible.includes(normalised.slice(0, 80));
}

function normaliseText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Trims the result, blanks whitespace-only lines, collapses runs of blank lines and drops MathJax group markers, outside code fences. */
function tidyWhitespace(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      out.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) fence = marker;
    const text = withoutGroupMarkers(line);
    const blank = text.trim() === '';
    if (blank && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(blank ? '' : text);
  }
  return out.join('\n').trim();
}
