import { describe, expect, it } from 'vitest';
import { looksRenderedByJavaScript, planEngine } from '@trawl/core/server';
import { resolveScrapeOptions } from '@trawl/core';

const options = (input: Parameters<typeof resolveScrapeOptions>[0] = {}) => resolveScrapeOptions(input);
const prose = `<p>${'The harbour pilots guide ships through the narrow channel every morning. '.repeat(20)}</p>`;

describe('planEngine', () => {
  it('uses HTTP with a JavaScript check for a plain request in auto mode', () => {
    expect(planEngine('auto', options(), true)).toEqual({ engine: 'http', renderCheck: true, skipped: [] });
    expect(planEngine('auto', options(), false)).toEqual({ engine: 'http', renderCheck: true, skipped: [] });
  });

  it('uses the browser for screenshots, actions, waitFor, mobile and location when one is configured', () => {
    for (const input of [
      { formats: ['screenshot' as const] },
      { actions: [{ type: 'scrape' as const }] },
      { waitFor: 100 },
      { mobile: true },
      { location: { country: 'FR' } },
    ]) {
      expect(planEngine('auto', options(input), true).engine).toBe('browser');
    }
  });

  it('fails for browser-only features without a browser, and warns for refinements', () => {
    expect(() => planEngine('auto', options({ formats: ['screenshot@fullPage'] }), false)).toThrow(
      /screenshot@fullPage.*none is configured/,
    );
    expect(() => planEngine('auto', options({ actions: [{ type: 'scrape' }] }), false)).toThrow(/actions/);
    expect(planEngine('auto', options({ waitFor: 100, mobile: true }), false)).toMatchObject({
      engine: 'http',
      skipped: ['waitFor', 'mobile'],
    });
  });

  it('honours an explicit engine', () => {
    expect(planEngine('http', options({ mobile: true }), true)).toEqual({ engine: 'http', renderCheck: false, skipped: ['mobile'] });
    expect(() => planEngine('http', options({ formats: ['screenshot'] }), true)).toThrow(/engine "http" cannot produce/);
    expect(planEngine('browser', options(), true).engine).toBe('browser');
    expect(() => planEngine('browser', options(), false)).toThrow(expect.objectContaining({ code: 'SCRAPE_ADAPTER_MISSING' }));
  });
});

describe('looksRenderedByJavaScript', () => {
  it('spots an empty app root, a noscript notice and a script-only body', () => {
    expect(
      looksRenderedByJavaScript('<html><body><nav>Home About</nav><div id="root"></div><script src="/app.js"></script></body></html>'),
    ).toBe(true);
    expect(
      looksRenderedByJavaScript('<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="x"></div></body>'),
    ).toBe(true);
    expect(looksRenderedByJavaScript('<body><script>document.write("hi")</script></body>')).toBe(true);
  });

  it('leaves pages with real text alone, even with scripts and a noscript', () => {
    expect(
      looksRenderedByJavaScript(
        `<body><div id="app">${prose}</div><script></script><noscript>Enable JavaScript for comments</noscript></body>`,
      ),
    ).toBe(false);
    expect(looksRenderedByJavaScript('<body><p>Short page, no scripts.</p></body>')).toBe(false);
  });
});
