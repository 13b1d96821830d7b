import { brokenDocumentFixtures, documentContent as c, documentFixtures, type FixtureSite, startFixtureSite } from '@trawl/testkit';
import FirecrawlApp from 'firecrawl-v1';
import Firecrawl from 'firecrawl-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers/api-server.js';
import { failureOf } from './helpers/sdk-error.js';

/** Documents through the API: v1 and v2 scrapes of document URLs, crawls, and v2's file upload (the 4.x SDK's parse()). */
let site: FixtureSite;
let api: TestApi;
let small: TestApi;
let v4: Firecrawl;
let v1: FirecrawlApp;

beforeAll(async () => {
  site = await startFixtureSite();
  api = await startApi({ auth: { 'fc-docs': 'docs-team' } });
  // A server that parses files of at most 4 KB.
  small = await startApi({ parseMaxBytes: 4096 });
  v4 = new Firecrawl({ apiKey: 'fc-docs', apiUrl: api.url });
  v1 = new FirecrawlApp({ apiKey: 'fc-docs', apiUrl: api.url });
});
afterAll(async () => {
  await api?.close();
  await small?.close();
  await site?.close();
});

const pdfUrl = () => `${site.url}${documentFixtures.pdf.path}`;

describe('v2 scrape of documents (4.x SDK)', () => {
  it('a PDF URL comes back as Markdown with numPages, title and author', async () => {
    const doc = await v4.scrape(pdfUrl(), { formats: ['markdown', 'links'] });
    expect(doc.markdown).toMatch(new RegExp(`^# ${c.title}`));
    expect(doc.markdown).toContain(`Read [${c.link.text}](${c.link.href}) for more.`);
    expect(doc.links).toEqual([c.link.href]);
    expect(doc.metadata).toMatchObject({ numPages: 2, title: c.title, author: c.author });
  });

  it('parsers: pdf options mark pages, list them and cap them; parsers: [] returns base64', async () => {
    const marked = await v4.scrape(pdfUrl(), { parsers: [{ type: 'pdf', pageMarkers: true, pages: true }] });
    expect(marked.markdown).toContain('\n\n---\n\n<!-- page 2 -->\n\n');
    expect(marked.pages?.map((page) => page.pageNumber)).toEqual([1, 2]);
    const capped = await v4.scrape(pdfUrl(), { parsers: [{ type: 'pdf', maxPages: 1 }] });
    expect(capped.markdown).not.toContain(c.secondHeading);
    const raw = await v4.scrape(pdfUrl(), { parsers: [] });
    expect(raw.markdown).toBe(documentFixtures.pdf.bytes().toString('base64'));
    const ocr = await v4.scrape(pdfUrl(), { parsers: [{ type: 'pdf', mode: 'ocr' }] });
    expect(ocr.warning).toContain('Trawl has no OCR model');
  });

  it('a Word document URL and a spreadsheet URL read like pages', async () => {
    const docx = await v4.scrape(`${site.url}${documentFixtures.docx.path}`);
    expect(docx.markdown).toMatch(new RegExp(`^## ${c.heading}$`, 'm'));
    const xlsx = await v4.scrape(`${site.url}${documentFixtures.xlsx.path}`);
    expect(xlsx.markdown).toContain('## Stock');
  });

  it('an encrypted PDF is a clear 422 for that page', async () => {
    const failure = await failureOf(v4.scrape(`${site.url}${brokenDocumentFixtures.encryptedPdf.path}`));
    expect(failure.status).toBe(422);
    expect(failure.message).toContain('encrypted with a password');
  });

  it('a crawl reads the documents a page links to', async () => {
    const job = await v4.crawl(`${site.url}/documents/`, { limit: 20, sitemap: 'skip', pollInterval: 1 });
    expect(job.status).toBe('completed');
    const urls = job.data.map((doc) => doc.metadata?.sourceURL);
    for (const fixture of Object.values(documentFixtures)) expect(urls).toContain(`${site.url}${fixture.path}`);
  });
});

describe('v2 parse (4.x SDK parse())', () => {
  it.each(Object.entries(documentFixtures))('uploads the %s report and gets its Markdown', async (format, fixture) => {
    const doc = await v4.parse({ data: fixture.bytes(), filename: `report.${format}`, contentType: fixture.type.split(';')[0]! });
    expect(doc.markdown).toContain(format === 'csv' || format === 'xlsx' || format === 'ods' ? 'Anchor' : c.heading);
    expect(doc.metadata?.sourceFile).toBe(`report.${format}`);
  });

  it('takes the options part: formats, PDF parsers', async () => {
    const doc = await v4.parse(
      { data: documentFixtures.pdf.bytes(), filename: 'report.pdf' },
      { formats: ['markdown', 'links', 'html'], parsers: [{ type: 'pdf', pageMarkers: true }], timeout: 20_000 },
    );
    expect(doc.markdown).toContain('<!-- page 2 -->');
    expect(doc.links).toEqual([c.link.href]);
    expect(doc.html).toContain(`<h1>${c.title}</h1>`);
    expect(doc.metadata).toMatchObject({ numPages: 2, title: c.title });
  });

  it('reads an HTML upload too', async () => {
    const doc = await v4.parse({
      data: '<html><head><title>Uploaded</title></head><body><h1>Hello upload</h1><p>Text.</p></body></html>',
      filename: 'page.html',
      contentType: 'text/html',
    });
    expect(doc.markdown).toContain('Hello upload');
    expect(doc.metadata?.title).toBe('Uploaded');
  });

  it('refuses a file type it cannot read with a 415, and a broken one with a 422', async () => {
    const image = await failureOf(
      v4.parse({ data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), filename: 'photo.png', contentType: 'image/png' }),
    );
    expect(image.status).toBe(415);
    expect(image.message).toContain('photo.png (image/png) is not a file Trawl can read');
    const broken = await failureOf(v4.parse({ data: brokenDocumentFixtures.truncatedDocx.bytes(), filename: 'cut.docx' }));
    expect(broken.status).toBe(422);
    expect(broken.message).toContain('cut.docx cannot be read');
  });

  it('refuses a file over the size limit with a 413', async () => {
    const client = new Firecrawl({ apiKey: 'any', apiUrl: small.url });
    const failure = await failureOf(client.parse({ data: Buffer.alloc(8192, 'a'), filename: 'big.csv', contentType: 'text/csv' }));
    expect(failure.status).toBe(413);
    expect(failure.message).toContain('larger than');
    const ok = await client.parse({ data: documentFixtures.csv.bytes(), filename: 'report.csv', contentType: 'text/csv' });
    expect(ok.markdown).toContain('Anchor');
  });

  it('answers a body that is not multipart, or has no file, with a 400', async () => {
    expect((await api.request('POST', '/v2/parse', { token: 'fc-docs', body: { file: 'x' } })).status).toBe(400);
    const form = new FormData();
    form.append('options', '{}');
    const response = await fetch(`${api.url}/v2/parse`, { method: 'POST', headers: { authorization: 'Bearer fc-docs' }, body: form });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain('"file" part is missing');
  });
});

describe('v1 scrape of documents (1.x SDK)', () => {
  it('parses a PDF by default, and returns base64 with parsePDF: false', async () => {
    const parsed = await v1.scrapeUrl(pdfUrl(), { formats: ['markdown'] });
    expect(parsed.success && parsed.markdown).toMatch(new RegExp(`^# ${c.title}`));
    // The 1.x SDK's types predate parsePDF; it sends what it is given.
    const raw = await v1.scrapeUrl(pdfUrl(), { formats: ['markdown'], parsePDF: false } as Parameters<typeof v1.scrapeUrl>[1]);
    expect(raw.success && raw.markdown).toBe(documentFixtures.pdf.bytes().toString('base64'));
  });
});
