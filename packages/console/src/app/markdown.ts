/**
 * Markdown to DOM nodes, for the rendered views. Safe by construction: it never parses HTML
 * (raw HTML in the Markdown shows as text), builds elements with createElement and text nodes
 * only, and keeps a link only when its URL is http(s) or mailto. Images show as links (the
 * console's CSP loads no other origin's images). It covers what Trawl's converter writes:
 * headings, paragraphs, lists, quotes, fenced code, tables, rules, emphasis, code, links.
 */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** The URL a link may point to, resolved against the page it came from, or null when unsafe. */
export function safeHref(raw: string, base?: string): string | null {
  try {
    const url = new URL(raw.trim(), base ?? 'http://invalid.invalid/');
    if (!SAFE_SCHEMES.has(url.protocol) || url.hostname === 'invalid.invalid') return null;
    return url.href;
  } catch {
    return null;
  }
}

const INLINE =
  /\\([\\`*_{}[\]()#+\-.!|<>~])|(`+)([\s\S]*?)\2|!\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)|\[([^\]]+)\]\(([^)\s]*)(?:\s+"[^"]*")?\)|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_/g;

/** Inline Markdown: code, images (as links), links, strong, emphasis; everything else is text. */
function inline(text: string, base?: string): Node[] {
  const nodes: Node[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    last = match.index + match[0].length;
    const [, escaped, ticks, code, alt, src, label, href, strong1, strong2, em1, em2] = match;
    if (escaped) {
      // A backslash escape is the character itself, never the start of emphasis or a link.
      nodes.push(document.createTextNode(escaped));
    } else if (ticks) {
      const element = document.createElement('code');
      element.textContent = code ?? '';
      nodes.push(element);
    } else if (src !== undefined) {
      nodes.push(link(`[image${alt ? `: ${alt}` : ''}]`, src, base));
    } else if (label !== undefined) {
      nodes.push(link(label, href ?? '', base));
    } else {
      const element = document.createElement(strong1 || strong2 ? 'strong' : 'em');
      element.append(...inline(strong1 ?? strong2 ?? em1 ?? em2 ?? '', base));
      nodes.push(element);
    }
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

function link(label: string, raw: string, base?: string): Node {
  const href = safeHref(raw, base);
  if (!href) return document.createTextNode(label);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.rel = 'noopener noreferrer nofollow';
  anchor.target = '_blank';
  anchor.append(...inline(label, base));
  return anchor;
}

function element(tag: string, children: Node[]): HTMLElement {
  const node = document.createElement(tag);
  node.append(...children);
  return node;
}

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** Renders Markdown into a fragment of safe elements; `base` resolves relative links (the page's URL). */
export function renderMarkdown(markdown: string, base?: string): DocumentFragment {
  const out = document.createDocumentFragment();
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let index = 0;
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) out.append(element('p', inline(paragraph.join(' '), base)));
    paragraph = [];
  };
  while (index < lines.length) {
    const line = lines[index]!;
    const fence = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      index++;
      while (index < lines.length && !lines[index]!.trim().startsWith(fence[1]!)) body.push(lines[index++]!);
      index++;
      const code = document.createElement('code');
      code.textContent = body.join('\n');
      out.append(element('pre', [code]));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      out.append(element(`h${heading[1]!.length}`, inline(heading[2]!, base)));
      index++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      out.append(document.createElement('hr'));
      index++;
      continue;
    }
    if (/^\s*>/.test(line)) {
      flush();
      const quoted: string[] = [];
      while (index < lines.length && /^\s*>/.test(lines[index]!)) quoted.push(lines[index++]!.replace(/^\s*>\s?/, ''));
      out.append(element('blockquote', [renderMarkdown(quoted.join('\n'), base)]));
      continue;
    }
    if (line.includes('|') && index + 1 < lines.length && TABLE_RULE.test(lines[index + 1]!)) {
      flush();
      const head = element(
        'tr',
        cells(line).map((cell) => element('th', inline(cell, base))),
      );
      index += 2;
      const rows: HTMLElement[] = [];
      while (index < lines.length && lines[index]!.includes('|') && lines[index]!.trim()) {
        rows.push(
          element(
            'tr',
            cells(lines[index++]!).map((cell) => element('td', inline(cell, base))),
          ),
        );
      }
      out.append(element('div', [element('table', [element('thead', [head]), element('tbody', rows)])]));
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      const ordered = /\d/.test(item[2]!);
      const list = document.createElement(ordered ? 'ol' : 'ul');
      while (index < lines.length) {
        const current = LIST_ITEM.exec(lines[index]!);
        if (!current) {
          // A continuation line belongs to the item above; a blank line or another block ends the list.
          if (lines[index]!.trim() && /^\s{2,}/.test(lines[index]!) && list.lastElementChild) {
            list.lastElementChild.append(' ', ...inline(lines[index]!.trim(), base));
            index++;
            continue;
          }
          break;
        }
        list.append(element('li', inline(current[3]!, base)));
        index++;
      }
      out.append(list);
      continue;
    }
    if (!line.trim()) flush();
    else paragraph.push(line.trim());
    index++;
  }
  flush();
  return out;
}
