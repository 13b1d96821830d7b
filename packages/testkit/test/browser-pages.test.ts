import { Script, createContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFINITE_SCROLL_BATCH, INFINITE_SCROLL_MAX_ITEMS, phrases, startFixtureSite, type FixtureSite } from '../src/index.js';
import { elementById } from './helpers/html.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function html(path: string): Promise<string> {
  const res = await fetch(`${site.url}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

function inlineScripts(page: string): string[] {
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] as string);
}

/** Just enough of a DOM element for the fixture scripts: they only set text, HTML and children. */
interface FakeElement {
  textContent: string;
  innerHTML: string;
  className: string;
  style: Record<string, string>;
  children: FakeElement[];
  appendChild(child: FakeElement): void;
  addEventListener(type: string, listener: (event: { preventDefault(): void }) => void): void;
  listeners: Record<string, (event: { preventDefault(): void }) => void>;
  value?: string;
}

function fakeElement(): FakeElement {
  const element: FakeElement = {
    textContent: '',
    innerHTML: '',
    className: '',
    style: {},
    children: [],
    listeners: {},
    appendChild: (child) => element.children.push(child),
    addEventListener: (type, listener) => (element.listeners[type] = listener),
  };
  return element;
}

/** Runs a page's inline scripts against fake elements, with timers fired on demand. */
function runScripts(page: string, window: Record<string, unknown> = {}) {
  const elements = new Map<string, FakeElement>();
  const timers: (() => void)[] = [];
  const windowListeners: Record<string, () => void> = {};
  const document = {
    getElementById: (id: string) => elements.get(id) ?? elements.set(id, fakeElement()).get(id),
    createElement: () => fakeElement(),
    querySelector: () => fakeElement(),
    body: { scrollHeight: 0 },
  };
  const context = createContext({
    document,
    setTimeout: (callback: () => void) => timers.push(callback),
    window: { ...window, addEventListener: (type: string, listener: () => void) => (windowListeners[type] = listener) },
  });
  for (const script of inlineScripts(page)) new Script(script).runInContext(context);
  return { elements, timers, windowListeners, document };
}

describe('browser pages', () => {
  it('every inline script on the fixture pages compiles', async () => {
    for (const path of ['/js-rendered', '/form', '/infinite-scroll', '/articles/boilerplate']) {
      for (const script of inlineScripts(await html(path))) expect(() => new Script(script), path).not.toThrow();
    }
  });

  it('/js-rendered has an empty app and noscript until its timer inserts the article', async () => {
    const page = await html('/js-rendered');
    expect(page).toContain('<div id="app"></div>');
    expect(page).toContain(`<noscript>${phrases.noscript}</noscript>`);
    expect(page).not.toContain(phrases.jsRendered);
    const { elements, timers } = runScripts(page);
    expect(timers).toHaveLength(1);
    timers[0]?.();
    expect(elements.get('app')?.innerHTML).toContain(`<article>`);
    expect(elements.get('app')?.innerHTML).toContain(phrases.jsRendered);
  });

  it('/form shows the searched value in #result on submit', async () => {
    const page = await html('/form');
    expect(page).toMatch(/<input id="q"/);
    expect(page).toMatch(/<button id="search" type="submit">/);
    expect(elementById(page, 'result')).toBe('');
    const { elements, document } = runScripts(page);
    document.getElementById('q')!.value = 'tide tables';
    let prevented = false;
    elements.get('search-form')?.listeners.submit?.({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(elements.get('result')?.textContent).toBe(`${phrases.formResultPrefix}tide tables`);
  });

  it('/infinite-scroll adds a batch of items per scroll to the bottom, up to the cap', async () => {
    const page = await html('/infinite-scroll');
    const { elements, windowListeners, document } = runScripts(page, { innerHeight: 800, scrollY: 0 });
    const items = () => elements.get('items')!.children.map((item) => item.textContent);
    expect(items()).toEqual(Array.from({ length: INFINITE_SCROLL_BATCH }, (_, i) => `Item ${i + 1}`));
    document.body.scrollHeight = 5000; // far from the bottom: nothing loads
    windowListeners.scroll?.();
    expect(items()).toHaveLength(INFINITE_SCROLL_BATCH);
    document.body.scrollHeight = 900; // near the bottom
    for (let i = 0; i < 20; i++) windowListeners.scroll?.();
    expect(items()).toHaveLength(INFINITE_SCROLL_MAX_ITEMS);
    expect(items().at(-1)).toBe(`Item ${INFINITE_SCROLL_MAX_ITEMS}`);
    expect(elements.get('status')?.textContent).toBe('No more items');
  });

  it('/ads/banner, /tall and the sections the browser tests use are served', async () => {
    expect(await html('/ads/banner')).toContain(phrases.adIframe);
    const tall = await html('/tall');
    expect(tall).toContain('height:5000px');
    expect(tall).toContain(phrases.tallTop);
    expect(tall).toContain(phrases.tallBottom);
  });
});
