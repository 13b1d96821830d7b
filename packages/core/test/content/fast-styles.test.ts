import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';

// fast-styles.ts answers style reads of elements without a style attribute with a light stand-in;
// every answer must be linkedom's (docs/performance.md).
describe('style of elements without a style attribute', () => {
  it('reads as linkedom reads it, and writes and later attributes go to a real declaration', () => {
    const document = parseHtml('<p id="a">x</p><p id="b" style="display: none; text-align: center">y</p>');
    const plain = document.getElementById('a')! as HTMLElement;
    const styled = document.getElementById('b')! as HTMLElement;
    expect(plain.style.display).toBe('');
    expect(plain.style.visibility).toBe('');
    expect(plain.style).toBe(plain.style);
    expect(styled.style.display).toBe('none');
    expect(styled.style.textAlign).toBe('center');
    plain.setAttribute('style', 'visibility: hidden');
    expect(plain.style.visibility).toBe('hidden');
    const other = document.createElement('div');
    expect(other.style.length).toBe(0);
    other.style.color = 'red';
    expect(other.getAttribute('style')).toBe('color:red');
    expect(other.style.color).toBe('red');
    expect(other.style.cssText).toBe('color:red');
    other.style.removeProperty('color');
    expect(other.style.color).toBe('');
  });
});
