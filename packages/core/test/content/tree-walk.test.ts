import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';
import { correspondingElement } from '../../src/content/dom/tree-walk.js';

describe('correspondingElement', () => {
  it("finds the copy's element at the original's position, and nothing for an element outside the root", () => {
    const document = parseHtml(
      '<header><nav>Menu</nav></header><div><p>One</p><main id="m"><section><p id="x">Two</p></section></main></div><aside id="out">Elsewhere</aside>',
    );
    const body = document.body;
    const copy = body.cloneNode(true) as Element;
    for (const id of ['m', 'x', 'out']) {
      const original = document.getElementById(id)!;
      const found = correspondingElement(body, copy, original)!;
      expect(found).not.toBe(original);
      expect(found.id).toBe(id);
      expect(copy.contains(found)).toBe(true);
    }
    expect(correspondingElement(body, copy, body)).toBe(copy);
    const main = document.getElementById('m')!;
    expect(correspondingElement(main, main.cloneNode(true) as Element, document.getElementById('out')!)).toBeNull();
  });
});
