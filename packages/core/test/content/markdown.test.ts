import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { toMarkdown } from '../../src/formats/markdown.js';

describe('toMarkdown', () => {
  it('writes ATX headings, lists, emphasis and links', () => {
    const markdown = toMarkdown(
      '<h1>Title</h1><h2>Section</h2><p>Some <strong>bold</strong> text, a <a href="https://x.example/">link</a>.</p><ul><li>one</li><li>two</li></ul>',
    );
    expect(markdown).toBe('# Title\n\n## Section\n\nSome **bold** text, a [link](https://x.example/).\n\n-   one\n-   two');
  });

  it('converts tables to GFM tables', () => {
    const markdown = toMarkdown(`<table>
      <thead><tr><th>Ship</th><th>Draft</th></tr></thead>
      <tbody><tr><td>Ferry</td><td>6.2</td></tr><tr><td>Tanker</td><td>17.1</td></tr></tbody></table>`);
    expect(markdown).toBe('| Ship | Draft |\n| --- | --- |\n| Ferry | 6.2 |\n| Tanker | 17.1 |');
  });

  it('fences code blocks and keeps their language', () => {
    expect(toMarkdown('<pre><code class="language-ts">const a = 1;\nconst b = 2;</code></pre>')).toBe(
      '```ts\nconst a = 1;\nconst b = 2;\n```',
    );
    expect(toMarkdown('<pre class="lang-python">print("hi")</pre>')).toBe('```python\nprint("hi")\n```');
    expect(toMarkdown('<pre><code>line one<br>line two</code></pre>')).toBe('```\nline one\nline two\n```');
  });

  it('writes bracketed words at either end of a link text outside the link, as a whole bracketed text is', () => {
    expect(toMarkdown('<p>See <a href="https://git.example/docs/git-add">git-add[1]</a> first.</p>')).toBe(
      'See [git-add](https://git.example/docs/git-add)\\[1\\] first.',
    );
    expect(toMarkdown('<p><a href="https://pod.example/42">[Video Podcast] Tides at night</a></p>')).toBe(
      '\\[Video Podcast\\] [Tides at night](https://pod.example/42)',
    );
    expect(toMarkdown('<p><a href="https://x.example/a">a [b] c</a></p>')).toBe('[a \\[b\\] c](https://x.example/a)');
  });

  it("starts each of Shiki's line elements on a line of its own, with or without a newline between them", () => {
    const joined =
      '<pre class="shiki"><code><span class="line"><span>npm create vite@latest app</span></span><span class="line"><span>cd</span><span> app</span></span></code></pre>';
    expect(toMarkdown(joined)).toBe('```\nnpm create vite@latest app\ncd app\n```');
    const spaced = '<pre class="shiki"><code><span class="line">npm install</span>\n<span class="line">npm run dev</span></code></pre>';
    expect(toMarkdown(spaced)).toBe('```\nnpm install\nnpm run dev\n```');
  });

  it('uses a longer fence when the code itself contains one', () => {
    expect(toMarkdown('<pre><code>```\nnested\n```</code></pre>')).toBe('````\n```\nnested\n```\n````');
  });

  it('drops skip links, empty links and scripts', () => {
    const markdown = toMarkdown(
      '<a href="https://x.example/page#main">Skip to content</a><a href="/icon"></a><script>alert(1)</script><p>Body text</p>',
    );
    expect(markdown).toBe('Body text');
  });

  it('keeps link text on one line when a link wraps block content', () => {
    const markdown = toMarkdown('<a href="https://x.example/story"><h3>Card title</h3><p>Card summary</p></a>');
    expect(markdown).toBe('[Card title Card summary](https://x.example/story)');
  });

  it('puts the brackets of a bracketed link text ("[source]", "[1]") outside the link', () => {
    const markdown = toMarkdown(
      '<p>Cache <a href="https://x.example/cache.py#L61">[source]</a>, a note<a href="#note-1">[1]</a>, <a href="/both">[a] [b]</a>.</p>',
    );
    expect(markdown).toBe('Cache \\[[source](https://x.example/cache.py#L61)\\], a note\\[[1](#note-1)\\], [\\[a\\] \\[b\\]](/both).');
  });

  it('leaves no runs of blank lines or surrounding whitespace', () => {
    const markdown = toMarkdown('<div>\n\n<p>One</p><div> </div><div>&nbsp;</div><br><br><p>Two</p>\n\n</div>');
    expect(markdown).not.toMatch(/\n\s*\n\s*\n/);
    expect(markdown.startsWith('One')).toBe(true);
    expect(markdown.endsWith('Two')).toBe(true);
  });

  it('keeps blank lines inside code blocks', () => {
    expect(toMarkdown('<pre><code>a\n\n\n\nb</code></pre>')).toBe('```\na\n\n\n\nb\n```');
  });

  it('drops alt texts that only repeat a caption or a file name', () => {
    const markdown = toMarkdown(`<figure><img src="https://x.example/a.jpg" alt="The pilot boat leaves the harbour at dawn">
      <figcaption>The pilot boat leaves the harbour at dawn.</figcaption></figure>
      <img src="https://x.example/b.jpg" alt="IMG_2041"><img src="https://x.example/c.jpg" alt="A ship">`);
    expect(markdown).toContain('![](https://x.example/a.jpg)');
    expect(markdown).toContain('![](https://x.example/b.jpg)');
    expect(markdown).toContain('![A ship](https://x.example/c.jpg)');
  });

  it('converts a parsed document or element as well as a string', () => {
    const document = parseHtml('<main><p>From the DOM</p></main>');
    expect(toMarkdown(document)).toBe('From the DOM');
    expect(toMarkdown(document.querySelector('main')!)).toBe('From the DOM');
  });
});
