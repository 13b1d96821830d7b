import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';

// The renderer builds DOM nodes; linkedom gives it a document outside a browser.
let renderMarkdown: typeof import('../src/app/markdown.js').renderMarkdown;
let container: HTMLElement;

beforeAll(async () => {
  const { document } = parseHTML('<!doctype html><html><body><div id="out"></div></body></html>');
  (globalThis as { document?: unknown }).document = document;
  ({ renderMarkdown } = await import('../src/app/markdown.js'));
  container = document.getElementById('out') as unknown as HTMLElement;
});

function render(markdown: string, base?: string): HTMLElement {
  container.replaceChildren(renderMarkdown(markdown, base));
  return container;
}

const ALLOWED = new Set([
  'H1',
  'H2',
  'H3',
  'P',
  'UL',
  'OL',
  'LI',
  'A',
  'STRONG',
  'EM',
  'CODE',
  'PRE',
  'BLOCKQUOTE',
  'HR',
  'DIV',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
]);

describe('renderMarkdown', () => {
  it('shows raw HTML and hostile links as text: no element the renderer does not make, no script URL', () => {
    const out = render(
      [
        '# Title <img src=x onerror=alert(1)>',
        '<script>alert(1)</script>',
        '[click](javascript:alert(1)) [data](data:text/html,<b>x</b>) [vb](vbscript:x) [ok](https://example.com/a)',
        '![pic](https://example.com/p.png) <iframe src="https://evil.example"></iframe>',
        '<a href="javascript:alert(2)">raw</a> **bold <em>x</em>**',
      ].join('\n\n'),
    );
    const tags = [...out.querySelectorAll('*')].map((element) => element.tagName);
    expect(tags.filter((tag) => !ALLOWED.has(tag))).toEqual([]);
    const hrefs = [...out.querySelectorAll('a')].map((anchor) => anchor.getAttribute('href'));
    expect(hrefs).toEqual(['https://example.com/a', 'https://example.com/p.png']);
    expect(out.textContent).toContain('<script>alert(1)</script>');
    expect(out.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(out.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(
      [...out.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes].map((a) => a.name).filter((name) => name.startsWith('on')),
      ),
    ).toEqual([]);
  });

  it('renders what the converter writes: headings, lists, code, quotes, tables, emphasis, escapes, relative links', () => {
    const out = render(
      [
        '## Tides',
        '- one\n- two `code`',
        '1. first\n2. second',
        '```\nlet x = "<b>";\n```',
        '> quoted *text*',
        '| Spec | Value |\n| --- | --- |\n| Weight | 1.2 kg |',
        'utm\\_source and \\*not emphasis\\* and [next](/crawl/b)',
      ].join('\n\n'),
      'http://site.example/crawl/a',
    );
    expect(out.querySelector('h2')?.textContent).toBe('Tides');
    expect([...out.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two code']);
    expect(out.querySelectorAll('ol li')).toHaveLength(2);
    expect(out.querySelector('pre code')?.textContent).toBe('let x = "<b>";');
    expect(out.querySelector('blockquote em')?.textContent).toBe('text');
    expect([...out.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Weight', '1.2 kg']);
    const last = out.querySelectorAll('p')[out.querySelectorAll('p').length - 1]!;
    expect(last.textContent).toBe('utm_source and *not emphasis* and next');
    expect(last.querySelector('em')).toBeNull();
    expect(last.querySelector('a')?.getAttribute('href')).toBe('http://site.example/crawl/b');
  });
});
