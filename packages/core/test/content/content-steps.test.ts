import { readFileSync } from 'node:fs';
import { navInMainArticle, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToDocument, type HtmlToDocumentOptions } from '../../src/html-to-document.js';
import { PAGE_TYPES } from '../../src/content/page-type/page-type.js';
import { CONTENT_STEP_REGISTRY, contentStepNames } from '../../src/content/steps/registry.js';
import { STEP_PHASES, type StepContext } from '../../src/content/steps/step.js';
import { runPhase } from '../../src/content/steps/run-steps.js';
import { parseHtml } from '../../src/content/dom/parse.js';
import { readPageSignals } from '../../src/content/page-type/page-signals.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function convert(path: string, options: Omit<HtmlToDocumentOptions, 'url'> = {}) {
  const url = `${site.url}${path}`;
  return htmlToDocument(await (await fetch(url)).text(), { url, ...options });
}

describe('the content step registry', () => {
  it('names every step once, in kebab case', () => {
    const names = contentStepNames();
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('gives every step a phase, page kinds and a description, and lists them phase by phase', () => {
    let lastPhase = 0;
    for (const step of CONTENT_STEP_REGISTRY) {
      const phase = STEP_PHASES.indexOf(step.phase);
      expect(phase, step.name).toBeGreaterThanOrEqual(lastPhase);
      lastPhase = phase;
      expect(step.pageKinds.length, step.name).toBeGreaterThan(0);
      for (const kind of step.pageKinds) expect(PAGE_TYPES).toContain(kind);
      expect(step.about.length, step.name).toBeGreaterThan(20);
    }
  });

  it('is documented: docs/content.md lists every step with its phase', () => {
    const doc = readFileSync(new URL('../../../../docs/content.md', import.meta.url), 'utf8');
    const missing = CONTENT_STEP_REGISTRY.filter((step) => !doc.includes(`| \`${step.name}\` | ${step.phase} |`)).map((step) => step.name);
    expect(missing).toEqual([]);
  });
});

describe('the explain trace', () => {
  it('lists the steps that ran, in registry order, with what each removed', async () => {
    const document = await convert(navInMainArticle.path, { explain: true });
    const trace = document.explain!;
    const boilerplate = trace.find((step) => step.name === 'region-boilerplate')!;
    // The menu: <nav>, <ul>, four <li> and four <a>.
    expect(boilerplate).toMatchObject({ phase: 'region', removed: 10, added: 0 });
    expect(boilerplate.elementsAfter).toBe(boilerplate.elementsBefore - 10);
    expect(boilerplate.charsAfter).toBeLessThan(boilerplate.charsBefore);
    expect(trace.find((step) => step.name === 'reading')?.note).toBe('the region (a short page)');
    expect(trace.find((step) => step.name === 'page-kind')?.note).toBe('article');
    // Readability never ran on this short page, so none of its cleaning steps did either.
    expect(trace.some((step) => step.phase === 'article')).toBe(false);
    // A `keep` step's line comes when it restores, after the readings; the others run in registry order.
    const ran = trace.filter((step) => step.phase !== 'decision' && step.phase !== 'keep').map((step) => step.name);
    const order = contentStepNames();
    expect(ran.map((name) => order.indexOf(name))).toEqual([...ran.map((name) => order.indexOf(name))].sort((a, b) => a - b));
    for (const item of navInMainArticle.menu) expect(document.markdown).not.toContain(item);
    expect(document.markdown).toContain(navInMainArticle.notice);
  });

  it('is absent unless asked for', async () => {
    const document = await convert(navInMainArticle.path);
    expect(document.explain).toBeUndefined();
    expect(document.markdown).toContain(navInMainArticle.notice);
  });

  it('skips the steps named in withoutSteps: the menu stays, and the trace does not list the step', async () => {
    // Both steps that take a menu out of an article: the furniture selectors and the link-density rule.
    const document = await convert(navInMainArticle.path, { explain: true, withoutSteps: ['region-boilerplate', 'link-dense-blocks'] });
    for (const item of navInMainArticle.menu) expect(document.markdown).toContain(item);
    const names = document.explain!.map((step) => step.name);
    expect(names).not.toContain('region-boilerplate');
    expect(names).not.toContain('link-dense-blocks');
    // Without the selectors alone, the menu is still a block of links beside the text: it goes.
    const linkDensity = await convert(navInMainArticle.path, { explain: true, withoutSteps: ['region-boilerplate'] });
    for (const item of navInMainArticle.menu) expect(linkDensity.markdown).not.toContain(item);
    expect(linkDensity.explain!.find((step) => step.name === 'link-dense-blocks')?.changed).toBeGreaterThan(0);
  });

  it('refuses an unknown step name with INVALID_OPTIONS', async () => {
    await expect(convert(navInMainArticle.path, { withoutSteps: ['no-such-step'] })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      message: expect.stringContaining('"no-such-step"'),
    });
  });
});

describe('a conversion asked only for links', () => {
  const cards = Array.from(
    { length: 4 },
    (_, i) =>
      `<li class="card"><a href="/item-${i}"><img src="/p${i}.jpg" alt="Photo of item ${i}"><h3>Item ${i}</h3></a><p>About item ${i}, in a few words.</p></li>`,
  ).join('');
  const page = `<html><body><main><h1>Items</h1><ul class="grid">${cards}</ul></main></body></html>`;

  function contentPhase(forLinksOnly: boolean): Element {
    const document = parseHtml(page);
    const context: StepContext = {
      url: 'https://shop.test/items',
      pageType: 'listing',
      signals: readPageSignals(document),
      heading: null,
      pageHeading: null,
    };
    runPhase('content', document.body, context, { forLinksOnly });
    return document.body;
  }

  it('skips the steps that only empty alt texts, and no other', () => {
    const alts = (root: Element) => Array.from(root.querySelectorAll('img')).map((image) => image.getAttribute('alt'));
    expect(alts(contentPhase(false)).every((alt) => alt === '')).toBe(true);
    expect(alts(contentPhase(true)).every((alt) => alt?.startsWith('Photo of item'))).toBe(true);
    const skipped = CONTENT_STEP_REGISTRY.filter((step) => step.phase !== 'keep' && step.onlyAltText).map((step) => step.name);
    expect(skipped).toEqual(['card-images', 'teaser-images', 'headed-card-images', 'repeated-alts']);
  });

  it('gives the same links as a conversion that also makes Markdown', async () => {
    const url = 'https://shop.test/items';
    const alone = await htmlToDocument(page, { url, formats: ['links'] });
    const withMarkdown = await htmlToDocument(page, { url, formats: ['links', 'markdown'] });
    expect(alone.links).toEqual(withMarkdown.links);
  });
});
