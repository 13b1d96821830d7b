import { hostilePhrases, nestedTagsPage, pageTypeFixtures, syntheticPageHtml, unclosedAnchorsPage } from '@trawl/testkit';
import { describe, expect, it } from 'vitest';
import { Parser } from '../../src/content/dom/dom.js';

// patches/htmlparser2@10.1.0.patch has the tokenizer skip runs of plain text and attribute values
// natively (indexOf, a regular expression) instead of a character at a time. Written one
// character per chunk, the tokenizer can never skip past a chunk's end, so it steps through each
// character as the stock one did: the whole page written at once must give the same events.

/** Every event the parser reports, in order, as strings. */
function events(html: string, decodeEntities: boolean, chunkSize = html.length): string[] {
  const seen: string[] = [];
  const parser = new Parser(
    {
      onopentag: (name, attributes) => seen.push(`<${name} ${JSON.stringify(attributes)}>`),
      ontext: (text) => seen.push(`text ${JSON.stringify(text)}`),
      onclosetag: (name, implied) => seen.push(`</${name}${implied ? ' implied' : ''}>`),
      oncomment: (text) => seen.push(`comment ${JSON.stringify(text)}`),
      onprocessinginstruction: (name, data) => seen.push(`pi ${name} ${JSON.stringify(data)}`),
    },
    { lowerCaseAttributeNames: false, decodeEntities, xmlMode: false },
  );
  for (let start = 0; start < html.length; start += chunkSize) parser.write(html.slice(start, start + chunkSize));
  parser.end();
  // The tokenizer may split one run of text in two at a chunk's end: what a reader sees is the joined text.
  return seen.reduce<string[]>((joined, event) => {
    const last = joined[joined.length - 1];
    if (event.startsWith('text ') && last?.startsWith('text '))
      joined[joined.length - 1] = `text ${JSON.stringify(JSON.parse(last.slice(5)) + JSON.parse(event.slice(5)))}`;
    else joined.push(event);
    return joined;
  }, []);
}

const tricky = [
  'plain text, then <b>bold</b> and &amp; an entity, &lt;tags&gt; written out, a lone & and a lone < sign',
  '<p title="say &quot;hi&quot; &amp; go" data-x=\'single &amp; quoted "inner"\' data-y=bare&amp;value>x</p>',
  '<a href="/?a=1&amp;b=2&c=3">query</a><a href=\'/x?y=1&z\'>single</a>',
  '<script>if (a < b && c > d) { document.write("</p>"); }</script><style>a > b { content: "&amp;"; }</style>',
  '<title>Tom &amp; Jerry &lt;3</title><textarea>&amp; raw <b>not a tag</b></textarea>',
  '<!-- a comment with < and & inside --><![CDATA[ data & <stuff> ]]><?xml-ish instruction?>',
  'text ending in an entity &amp',
  'text ending mid-tag <di',
  '<div class="unterminated',
  '&#x41;&#66;&nbsp;&notanentity; &copy &amp;&amp;&amp;',
  '',
];

const fixtures = Object.values(pageTypeFixtures).map((fixture) => fixture.html);

describe('htmlparser2 skipping runs of text natively', () => {
  it('runs the patched tokenizer', () => {
    const tokenizer = (new Parser({}) as unknown as { tokenizer: { skipUntil?: unknown } }).tokenizer;
    expect(typeof tokenizer.skipUntil).toBe('function');
  });

  for (const decodeEntities of [true, false]) {
    it(`gives the same events as stepping a character at a time (decodeEntities ${decodeEntities})`, () => {
      for (const html of tricky) expect(events(html, decodeEntities), html).toEqual(events(html, decodeEntities, 1));
      for (const html of [...fixtures, syntheticPageHtml(3, { pages: 50, seed: 7 })]) {
        const whole = events(html, decodeEntities);
        expect(whole.length).toBeGreaterThan(10);
        expect(whole).toEqual(events(html, decodeEntities, 1));
        expect(whole).toEqual(events(html, decodeEntities, 977));
      }
    });
  }

  it('decodes character references in text and attribute values', () => {
    expect(events(tricky[1]!, true)).toEqual([
      `<p ${JSON.stringify({ title: 'say "hi" & go', 'data-x': 'single & quoted "inner"', 'data-y': 'bare&value' })}>`,
      'text "x"',
      '</p>',
    ]);
    expect(events(tricky[0]!, true)).toContain('text " and & an entity, <tags> written out, a lone & and a lone < sign"');
  });

  it('reads hostile pages alike', () => {
    for (const html of [
      nestedTagsPage('div', 2000),
      unclosedAnchorsPage(2000),
      `<p>${Object.values(hostilePhrases).join(' &amp; ').repeat(50)}</p>`,
    ]) {
      expect(events(html, true)).toEqual(events(html, true, 1));
    }
  });
});
