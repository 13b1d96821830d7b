import { describe, expect, it } from 'vitest';
import { crawlBody, scrapeBody } from '../src/firecrawl-args.js';
import { cutNote, cutText } from '../src/render/cut.js';
import { fenced, renderDocument } from '../src/render/document.js';
import { renderJobStatus } from '../src/render/job.js';

describe("firecrawl-mcp's arguments as v2 bodies", () => {
  it('puts format options into their format objects and drops empty values, as firecrawl-mcp does', () => {
    expect(
      scrapeBody({
        formats: ['markdown', 'json', 'screenshot'],
        jsonOptions: { prompt: 'the price' },
        screenshotOptions: { fullPage: true },
        parsers: ['pdf'],
        pdfOptions: { maxPages: 3 },
        includeTags: [],
        waitFor: undefined,
        mobile: false,
      }),
    ).toEqual({
      formats: ['markdown', { type: 'json', prompt: 'the price' }, { type: 'screenshot', fullPage: true }],
      parsers: [{ type: 'pdf', maxPages: 3 }],
      mobile: false,
    });
  });

  it("sends firecrawl-mcp's generatePDF action as v2's pdf action, other actions as they are", () => {
    expect(
      scrapeBody({
        actions: [
          { type: 'click', selector: '#a' },
          { type: 'generatePDF', format: 'A4' },
        ],
      }).actions,
    ).toEqual([
      { type: 'click', selector: '#a' },
      { type: 'pdf', format: 'A4' },
    ]);
  });

  it('turns a webhook with headers into {url, headers}', () => {
    expect(crawlBody({ url: 'https://a.example', webhook: 'https://hook.example', webhookHeaders: { 'x-k': 'v' } })).toEqual({
      url: 'https://a.example',
      webhook: { url: 'https://hook.example', headers: { 'x-k': 'v' } },
    });
    expect(crawlBody({ url: 'https://a.example', webhook: 'https://hook.example' }).webhook).toBe('https://hook.example');
  });
});

describe('paging', () => {
  it('cuts at the budget, never between the halves of a surrogate pair, and says where to read on', () => {
    const text = `${'a'.repeat(9)}😀tail`;
    const cut = cutText(text, 0, 10);
    expect(cut.text).toBe('a'.repeat(9));
    expect(cut.nextOffset).toBe(9);
    expect(cutNote(cut, 0, (next) => `read from ${next}`)).toContain('characters 0–9 of 15 shown. To read on, read from 9');
    const rest = cutText(text, 9, 10);
    expect(rest.text).toBe('😀tail');
    expect(rest.nextOffset).toBeUndefined();
    expect(cutNote(cutText('short', 0, 10), 0, () => '')).toBe('');
  });

  it('shows whole crawl pages while they fit and names the skip of the next', () => {
    const page = (n: number) => ({ markdown: `page ${n} `.repeat(20), metadata: { sourceURL: `https://a.example/${n}`, statusCode: 200 } });
    const { markdown, nextSkip } = renderJobStatus(
      'crawl',
      'job-1',
      { status: 'completed', completed: 5, total: 5, data: [1, 2, 3, 4, 5].map(page) },
      { skip: 0, maxChars: 600, statusTool: 'firecrawl_check_crawl_status' },
    );
    expect(nextSkip).toBeGreaterThan(0);
    expect(nextSkip).toBeLessThan(5);
    expect(markdown).toContain(`call firecrawl_check_crawl_status with {"id": "job-1", "skip": ${nextSkip}}`);
  });
});

describe('documents as Markdown', () => {
  it('keeps a fence longer than any backtick run in the content', () => {
    expect(fenced('html', 'a ``` b')).toBe('````html\na ``` b\n````');
  });

  it('shows a screenshot data: URL as a note, not as base64', () => {
    const text = renderDocument({ screenshot: `data:image/png;base64,${'A'.repeat(5000)}`, metadata: { title: 'T' } });
    expect(text).not.toContain('AAAA');
    expect(text).toContain('an image of 5022 characters');
  });

  it('shows the page formats: highlights, product, menu and branding as JSON, the media URLs', () => {
    const text = renderDocument({
      metadata: { title: 'Jacket' },
      highlights: 'Taped seams.',
      product: { title: 'Harbour Trail Jacket', variants: [] },
      branding: { colors: { primary: '#0B5FFF' } },
      video: 'https://www.youtube.com/watch?v=abcdefghijk',
    });
    expect(text).toContain('## Highlights\n\nTaped seams.');
    expect(text).toContain('## Product\n\n```json\n{\n  "title": "Harbour Trail Jacket"');
    expect(text).toContain('"primary": "#0B5FFF"');
    expect(text).toContain('## Video\n\nhttps://www.youtube.com/watch?v=abcdefghijk');
    expect(text).not.toContain('## Menu');
  });
});
