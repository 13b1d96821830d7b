import { startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrape } from '../../src/index.js';
import { toMarkdown } from '../../src/formats/markdown.js';

/**
 * Markdown faults seen on real pages (issue 32), on the fixture site's copies of their markup,
 * through the whole scrape (fetch, main content, Markdown) as a user gets them.
 */
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site?.close());

const markdownOf = async (path: string) => (await scrape(`${site.url}${path}`, { formats: ['markdown'] })).markdown!;

describe('Markdown of real-page markup', () => {
  it("MDN: a code example's language label becomes the fence's language; self-linked headings are plain", async () => {
    const markdown = await markdownOf('/markdown/mdn-code');
    expect(markdown).toContain('## Syntax\n\n```js\nconst fixtureArray = [5, 12, 8];');
    expect(markdown).toContain('### Return value\n\n');
    // A pre whose own markup names no language takes the label's.
    expect(toMarkdown('<div class="example-header"><span class="language-name">bash</span></div><pre><code>node at.js</code></pre>')).toBe(
      '```bash\nnode at.js\n```',
    );
    expect(markdown).not.toMatch(/^(js|bash)$/m);
    expect(markdown).not.toContain('](');
  });

  it('Stack Exchange: no bare vote, comment or answer count, no $\\begingroup$ markers', async () => {
    const markdown = await markdownOf('/markdown/stack-exchange');
    expect(markdown).toContain('Fixture groups are sets with a composition');
    expect(markdown).not.toMatch(/^42$/m);
    expect(markdown).not.toMatch(/^7$/m);
    expect(markdown).toMatch(/^## 3 Answers$/m);
    expect(markdown).not.toContain('group$');
  });

  it('a <summary> question is bold, apart from its answer', async () => {
    const markdown = await markdownOf('/markdown/faq-details');
    expect(markdown).toContain(
      '**Does the fixture site need a network?**\n\nNo: the fixture site answers on 127.0.0.1 and needs no network at all.',
    );
    expect(markdown).toContain('**Can a test add pages to it?**');
  });

  it('a table without a header row takes its first row as the header, not an empty one', async () => {
    const markdown = await markdownOf('/markdown/headerless-table');
    expect(markdown).toContain('| Day | High water | Low water |\n| --- | --- | --- |\n| Monday | 06:12 | 12:30 |');
    expect(markdown).not.toMatch(/^\|\s+\|\s+\|/m);
  });

  it('leaves what is not such a fault alone', () => {
    // A link in a heading to another page stays a link; a one-word paragraph before a pre with a language of its own stays.
    expect(toMarkdown('<h2><a href="https://example.com/other">Other page</a></h2>')).toBe('## [Other page](https://example.com/other)');
    expect(toMarkdown('<p>Output</p><pre class="language-text"><code>done</code></pre>')).toBe('Output\n\n```text\ndone\n```');
    // A table with a header row keeps it; a count that is no vote counter stays.
    expect(toMarkdown('<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>')).toBe(
      '| A   |\n| --- |\n| 1   |',
    );
    expect(toMarkdown('<p>42</p>')).toBe('42');
  });
});
