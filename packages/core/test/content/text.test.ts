import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { hasText, rawTextLengthUpTo, textLength, textLengthUpTo } from '../../src/content/dom/text.js';

// textLength and hasText walk an element's text nodes instead of joining its textContent: the
// answers must be those of the whole text (the collapsed length, and whether any visible character).
describe('text measures', () => {
  const collapsedLength = (text: string) => text.replace(/\s+/g, ' ').trim().length;

  it('measures an element across its text nodes as its whole text', () => {
    const document = parseHtml(
      '<div id="a">  Hello <b>big </b>\n\n<i> world</i>&nbsp;!<!-- note --><template>kept</template><script>x = 1</script>  </div><p id="e"> \n </p>',
    );
    const element = document.getElementById('a')!;
    expect(textLength(element)).toBe(collapsedLength(element.textContent!));
    expect(textLength(element)).toBeGreaterThan('Hello big world !'.length);
    expect(textLength(document.getElementById('e'))).toBe(0);
    expect(textLength(element.firstChild)).toBe('Hello'.length);
    expect(textLength(null)).toBe(0);
  });

  it('answers "more than N?" exactly, reading no further than the text node that passes N', () => {
    const paragraphs = Array.from({ length: 50 }, (_, i) => `<p>Paragraph ${i} of the article.</p>`).join('');
    const document = parseHtml(`<article id="a"><pre>code();</pre>${paragraphs}</article>`);
    const article = document.getElementById('a')!;
    const whole = textLength(article);
    for (const limit of [0, 5, 7, 40, whole - 1, whole, whole + 10]) {
      const measured = textLengthUpTo(article, limit);
      expect(measured > limit).toBe(whole > limit);
      if (whole <= limit) expect(measured).toBe(whole);
    }
    // Stops early: past a small limit it has counted a few paragraphs, not fifty.
    expect(textLengthUpTo(article, 40)).toBeLessThan(80);
  });

  it("counts an element's text as written (white space and all) up to a bound, as textContent's length", () => {
    const document = parseHtml('<div id="a">  Tide <b>tables</b>\n\n<i> here</i><!-- not text --></div>');
    const element = document.getElementById('a')!;
    const whole = element.textContent!.length;
    expect(rawTextLengthUpTo(element, Number.POSITIVE_INFINITY)).toBe(whole);
    for (const limit of [0, 3, whole - 1, whole]) expect(rawTextLengthUpTo(element, limit) > limit).toBe(whole > limit);
    expect(rawTextLengthUpTo(element, 3)).toBeLessThan(whole);
  });

  it('finds visible text in any text node, and none in white space or comments', () => {
    const document = parseHtml('<div id="a"> <span> </span><!-- x --><b>\n</b><i>.</i></div><div id="b"> <!-- y --> </div>');
    expect(hasText(document.getElementById('a'))).toBe(true);
    expect(hasText(document.getElementById('b'))).toBe(false);
    expect(hasText(undefined)).toBe(false);
  });
});
