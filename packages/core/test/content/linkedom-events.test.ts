import { EventTarget as LinkedomEventTarget } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';

// patches/linkedom@0.18.14.patch makes a node's listener map on its first addEventListener
// instead of in every node's constructor (a sixth of conversion time). Events must work as before.
describe('linkedom with listener maps made on demand', () => {
  it('runs the patched EventTarget (no listener map in the constructor)', () => {
    const constructorBody = /constructor\(\)\s*\{([^}]*)\}/.exec(String(LinkedomEventTarget))?.[1] ?? '';
    expect(constructorBody).not.toContain('wm.set');
  });

  it('delivers events to listeners on the target and, when they bubble, on its ancestors', () => {
    const document = parseHtml('<div id="outer"><button id="inner">Go</button></div>');
    const outer = document.getElementById('outer')!;
    const inner = document.getElementById('inner')!;
    const seen: string[] = [];
    inner.addEventListener('ping', (event) => seen.push(`inner:${event.type}`));
    outer.addEventListener('ping', () => seen.push('outer'));
    const event = new (document.defaultView as unknown as { Event: typeof Event }).Event('ping', { bubbles: true });
    expect(inner.dispatchEvent(event)).toBe(true);
    expect(seen).toEqual(['inner:ping', 'outer']);
  });

  it('removes listeners, and tolerates removing from a node that never had one', () => {
    const document = parseHtml('<p>text</p>');
    const paragraph = document.querySelector('p')!;
    let calls = 0;
    const listener = () => calls++;
    expect(() => document.body.removeEventListener('click', listener)).not.toThrow();
    paragraph.addEventListener('click', listener);
    (paragraph as HTMLElement).click();
    paragraph.removeEventListener('click', listener);
    (paragraph as HTMLElement).click();
    expect(calls).toBe(1);
  });

  it('runs on-event properties and dispatches to nodes without listeners quietly', () => {
    const document = parseHtml('<a href="/x">x</a><span>y</span>');
    const link = document.querySelector('a') as HTMLElement;
    let clicked = 0;
    link.onclick = () => clicked++;
    link.click();
    expect(clicked).toBe(1);
    expect(() => (document.querySelector('span') as HTMLElement).click()).not.toThrow();
  });
});
