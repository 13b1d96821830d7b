import { api } from '../api.js';
import { h, replace } from '../dom.js';
import { renderMarkdown } from '../markdown.js';
import { curlSnippet, sdkSnippet } from '../snippets.js';
import { failure, pre, tabs, type Tab } from '../widgets.js';

const FORMATS = ['markdown', 'html', 'rawHtml', 'links', 'screenshot'] as const;

function field(label: string, input: HTMLElement, hint?: string): HTMLElement {
  const id = input.id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input, hint ? h('small', {}, hint) : null);
}

function input(id: string, attributes: Record<string, string | number | boolean> = {}): HTMLInputElement {
  return h('input', { id, name: id, ...attributes }) as HTMLInputElement;
}

function checkbox(id: string, label: string, checked: boolean): [HTMLElement, HTMLInputElement] {
  const box = input(id, { type: 'checkbox', ...(checked ? { checked: true } : {}) });
  return [h('label', { class: 'check', for: id }, box, ' ', label), box];
}

function lines(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The Playground: one scrape with the options people use, its result in tabs, and a crawl of the same URL. */
export function playground(go: (hash: string) => void): HTMLElement {
  const url = input('url', { type: 'url', required: true, placeholder: 'https://example.com', autocomplete: 'url' });
  const formatBoxes = FORMATS.map((format) => checkbox(`format-${format}`, format, format === 'markdown' || format === 'links'));
  const [mainLabel, onlyMain] = checkbox('only-main', 'Only main content', true);
  const [mobileLabel, mobile] = checkbox('mobile', 'Mobile', false);
  const wait = input('wait', { type: 'number', min: 0, max: 60000, step: 100, value: 0 });
  const engine = h(
    'select',
    { id: 'engine', name: 'engine' },
    ['auto', 'basic', 'enhanced', 'stealth'].map((value) => h('option', { value }, value)),
  ) as HTMLSelectElement;
  const actions = h('textarea', {
    id: 'actions',
    rows: 3,
    placeholder: '[{"type": "click", "selector": "#more"}]',
    spellcheck: 'false',
  }) as HTMLTextAreaElement;
  const limit = input('limit', { type: 'number', min: 1, max: 10000, value: 10 });
  const depth = input('depth', { type: 'number', min: 0, max: 100, value: 2 });
  const include = input('include', { type: 'text', placeholder: '^/blog/.*' });
  const exclude = input('exclude', { type: 'text', placeholder: '^/tag/.*' });
  const result = h('section', { class: 'result', 'aria-live': 'polite' });

  function scrapeOptions(): Record<string, unknown> {
    const formats = formatBoxes.filter(([, box]) => box.checked).map(([, box]) => box.id.slice('format-'.length));
    const options: Record<string, unknown> = { formats: formats.length ? formats : ['markdown'], onlyMainContent: onlyMain.checked };
    if (Number(wait.value) > 0) options.waitFor = Number(wait.value);
    if (mobile.checked) options.mobile = true;
    if (engine.value !== 'auto') options.proxy = engine.value;
    if (actions.value.trim()) {
      try {
        options.actions = JSON.parse(actions.value);
      } catch {
        throw new Error('Actions must be a JSON array, such as [{"type": "wait", "milliseconds": 500}]');
      }
    }
    return options;
  }

  async function scrape(event: Event) {
    event.preventDefault();
    replace(result, h('p', { class: 'muted' }, 'Scraping…'));
    try {
      const body = { url: url.value, ...scrapeOptions() };
      const answer = await api('POST', '/v2/scrape', body);
      replace(result, showDocument(answer.data ?? {}), snippets('/v2/scrape', 'scrape', body));
    } catch (error) {
      replace(result, failure(error));
    }
  }

  async function crawl() {
    if (!url.reportValidity()) return;
    try {
      const body: Record<string, unknown> = {
        url: url.value,
        limit: Number(limit.value),
        maxDiscoveryDepth: Number(depth.value),
        scrapeOptions: scrapeOptions(),
      };
      if (lines(include.value).length) body.includePaths = lines(include.value);
      if (lines(exclude.value).length) body.excludePaths = lines(exclude.value);
      const answer = await api('POST', '/v2/crawl', body);
      go(`#/jobs/crawl/${answer.id}`);
    } catch (error) {
      replace(result, failure(error));
    }
  }

  const form = h(
    'form',
    { class: 'card', onsubmit: scrape, 'aria-label': 'Scrape' },
    field('URL', url),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Formats'),
      formatBoxes.map(([label]) => label),
    ),
    h('div', { class: 'row' }, mainLabel, mobileLabel),
    h('div', { class: 'row' }, field('Wait (ms)', wait), field('Engine (proxy)', engine)),
    field('Actions (JSON)', actions, 'Browser actions run before the page is read: click, write, press, scroll, wait, screenshot.'),
    h('div', { class: 'buttons' }, h('button', { type: 'submit' }, 'Scrape')),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Crawl this URL'),
      h('div', { class: 'row' }, field('Limit', limit), field('Depth', depth)),
      h('div', { class: 'row' }, field('Include paths', include), field('Exclude paths', exclude)),
      h('div', { class: 'buttons' }, h('button', { type: 'button', onclick: crawl }, 'Crawl')),
    ),
  );
  return h('div', { class: 'playground' }, h('h1', {}, 'Playground'), form, result);
}

// biome-ignore lint/suspicious/noExplicitAny: a v2 Document, read field by field
export function showDocument(doc: any): HTMLElement {
  const base = doc.metadata?.sourceURL ?? doc.metadata?.url;
  const list: Tab[] = [];
  if (typeof doc.markdown === 'string') {
    list.push({
      label: 'Rendered',
      render: () => h('article', { class: 'markdown' }, renderMarkdown(doc.markdown, base)),
      text: () => doc.markdown,
      file: { name: 'page.md', type: 'text/markdown' },
    });
    list.push({
      label: 'Markdown',
      render: () => pre(doc.markdown),
      text: () => doc.markdown,
      file: { name: 'page.md', type: 'text/markdown' },
    });
  }
  for (const key of ['html', 'rawHtml'] as const) {
    if (typeof doc[key] === 'string')
      list.push({
        label: key === 'html' ? 'HTML' : 'Raw HTML',
        render: () => pre(doc[key]),
        text: () => doc[key],
        file: { name: 'page.html', type: 'text/html' },
      });
  }
  if (Array.isArray(doc.links)) {
    const text = () => doc.links.join('\n');
    list.push({
      label: `Links (${doc.links.length})`,
      render: () =>
        h(
          'ul',
          { class: 'links' },
          doc.links.map((link: string) => h('li', {}, link)),
        ),
      text,
      file: { name: 'links.txt', type: 'text/plain' },
    });
  }
  if (typeof doc.screenshot === 'string') {
    list.push({
      label: 'Screenshot',
      render: () => h('img', { src: doc.screenshot, alt: `Screenshot of ${base ?? 'the page'}`, class: 'shot' }),
    });
  }
  const metadata = () => JSON.stringify(doc.metadata ?? {}, null, 2);
  list.push({
    label: 'Metadata',
    render: () => pre(metadata()),
    text: metadata,
    file: { name: 'metadata.json', type: 'application/json' },
  });
  return tabs(list, 'Result');
}

function snippets(path: string, method: 'scrape' | 'crawl', body: { url: string } & Record<string, unknown>): HTMLElement {
  return h(
    'details',
    { class: 'snippets' },
    h('summary', {}, 'The same call with curl or the SDK'),
    tabs(
      [
        { label: 'curl', render: () => pre(curlSnippet(path, body)), text: () => curlSnippet(path, body) },
        { label: 'JavaScript SDK', render: () => pre(sdkSnippet(method, body)), text: () => sdkSnippet(method, body) },
      ],
      'Snippets',
    ),
  );
}
