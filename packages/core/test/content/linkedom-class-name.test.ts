import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';

// patches/linkedom@0.18.14.patch keeps the parser and `className` from making a DOMTokenList (a
// Set kept on the element) for every element with a class: the parser writes the value the list
// would hold, and `className` reads it from the attribute. The value must be the list's: the
// attribute's tokens, each once, in order, joined by one space.
describe('linkedom className without a token list per element', () => {
  const classListSlot = (element: Element) => {
    const slot = Object.getOwnPropertySymbols(element).find((symbol) => symbol.description === 'classList');
    return slot && (element as unknown as Record<symbol, unknown>)[slot];
  };

  it('parses and reads classes without making a token list', () => {
    const element = parseHtml('<div class="card  card wide">x</div>').querySelector('div')!;
    expect(element.className).toBe('card wide');
    expect(element.outerHTML).toBe('<div class="card wide">x</div>');
    expect(classListSlot(element)).toBeNull();
    expect(element.classList.contains('wide')).toBe(true);
    expect(classListSlot(element)).not.toBeNull();
  });

  const classOf = (attribute: string) => {
    const element = parseHtml(`<p class="${attribute}">x</p>`).querySelector('p')!;
    return { className: element.className, getAttribute: element.getAttribute('class'), list: [...element.classList].join(' ') };
  };

  it('answers as the token list would, for single, spaced, repeated and empty classes', () => {
    for (const attribute of [
      'lead',
      '',
      '  ',
      ' a  b\tc\n',
      'a b a c b',
      'x\u00a0y',
      Array.from({ length: 40 }, (_, i) => `c${i % 7}`).join(' '),
    ]) {
      const { className, getAttribute, list } = classOf(attribute);
      expect(className).toBe(list);
      expect(getAttribute).toBe(list);
    }
    expect(classOf(' a  b a ').className).toBe('a b');
  });

  it('gives an element without a class the empty string, from getAttribute too (as linkedom did)', () => {
    const element = parseHtml('<p>x</p>').querySelector('p')!;
    expect(element.className).toBe('');
    expect(element.getAttribute('class')).toBe('');
  });

  it('follows changes made through setAttribute, className, classList and removeAttribute', () => {
    const element = parseHtml('<p class="a">x</p>').querySelector('p')!;
    element.setAttribute('class', 'b  c b');
    expect(element.className).toBe('b c');
    element.className = 'd e';
    expect(element.className).toBe('d e');
    element.classList.add('f');
    expect(element.className).toBe('d e f');
    expect(element.getAttribute('class')).toBe('d e f');
    element.removeAttribute('class');
    expect(element.className).toBe('');
    element.setAttribute('class', 'g');
    expect(element.className).toBe('g');
    expect(element.outerHTML).toBe('<p class="g">x</p>');
  });
});
