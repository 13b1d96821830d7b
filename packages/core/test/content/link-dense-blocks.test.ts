import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { removeLinkDenseBlocks } from '../../src/content/rules/link-dense-blocks.js';

const story = `<p>The ferry to the outer islands runs twice a day from the old stone quay, calling at each jetty on the way out and again in the evening.</p>
<p>In winter storms the crossing is cancelled and the islanders fetch their post by boat, which the harbour master sorts in the waiting room.</p>`;

function cleaned(body: string): { html: string; removed: number } {
  const root = parseHtml(`<body><div id="c">${body}</div></body>`).querySelector('#c')!;
  const removed = removeLinkDenseBlocks(root);
  return { html: root.innerHTML.replace(/\n/g, ''), removed };
}

describe('link-dense blocks: a page’s chrome never outweighs its text', () => {
  it('removes a list of links to other pages and the short line that titles it', () => {
    const { html, removed } = cleaned(
      `${story}<p>Most read</p><ul><li><a href="/a">The harbour wall</a></li><li><a href="/b">The lighthouse</a></li><li><a href="/c">The lifeboat</a></li></ul>`,
    );
    expect(removed).toBe(1);
    expect(html).not.toContain('Most read');
    expect(html).not.toContain('lighthouse');
    expect(html).toContain('harbour master');
  });

  it('keeps prose that cites a few links, and links inside code', () => {
    const prose = `<p>See <a href="/t">the timetable</a>, <a href="/f">the fares</a> and <a href="/m">the map</a> before you travel: the boat leaves on time whatever the weather on the quay says.</p>`;
    const code = `<pre><code><div><a href="/1">one</a><a href="/2">two</a><a href="/3">three</a></div></code></pre>`;
    const { html, removed } = cleaned(`${story}${prose}${code}`);
    expect(removed).toBe(0);
    expect(html).toContain('the fares');
    expect(html).toContain('three');
  });

  it('keeps the text’s own lists: those a line introduces with a colon or a question', () => {
    const list =
      '<div><ul><li><a href="/p/1">Fix the quay lights</a></li><li><a href="/p/2">Paint the jetty</a></li><li><a href="/p/3">Mend the ramp</a></li></ul></div>';
    const colon = cleaned(`${story}<p>Patches sent for review:</p>${list}`);
    expect(colon.removed).toBe(0);
    expect(colon.html).toContain('Mend the ramp');
    const question = cleaned(`${story}<p>Which repairs come first?</p>${list}`);
    expect(question.removed).toBe(0);
  });

  it('keeps a link list that is the larger part of the content (an index, a sitemap)', () => {
    const links = Array.from({ length: 12 }, (_, n) => `<li><a href="/p/${n}">Island ferry notice number ${n}</a></li>`).join('');
    const { html, removed } = cleaned(`<p>Notices of the ferry company.</p><ul>${links}</ul>`);
    expect(removed).toBe(0);
    expect(html).toContain('notice number 11');
  });
});
