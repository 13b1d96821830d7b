import { documentContent as c, documentFixtures, type FixtureSite, startFixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchScrape, type CrawlJob, crawl, type Document, map } from '../../src/index.js';

/** Crawls and maps follow a site's links to documents, and read them like its pages. */
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
});

async function collect(job: CrawlJob): Promise<Document[]> {
  const documents: Document[] = [];
  for await (const doc of job) documents.push(doc);
  return documents;
}

const documentUrls = () => Object.values(documentFixtures).map((fixture) => `${site.url}${fixture.path}`);

describe('documents in crawls and maps', () => {
  it('a crawl follows same-site document links and reads each document', async () => {
    const job = crawl(`${site.url}/documents/`, { ignoreSitemap: true, limit: 20, convertPool: false });
    const documents = await collect(job);
    expect((await job.done).status).toBe('completed');
    const byUrl = new Map(documents.map((doc) => [doc.metadata.sourceURL, doc]));
    for (const documentUrl of documentUrls()) expect(byUrl.has(documentUrl), documentUrl).toBe(true);
    expect(byUrl.get(`${site.url}${documentFixtures.pdf.path}`)?.markdown).toMatch(new RegExp(`^# ${c.title}`));
    expect(byUrl.get(`${site.url}${documentFixtures.xlsx.path}`)?.markdown).toContain('## Prices');
  });

  it('excludePaths still leaves documents out', async () => {
    const job = crawl(`${site.url}/documents/`, {
      ignoreSitemap: true,
      limit: 20,
      excludePaths: ['\\.pdf$', '\\.docx$'],
      convertPool: false,
    });
    const urls = (await collect(job)).map((doc) => doc.metadata.sourceURL);
    expect(urls).not.toContain(`${site.url}${documentFixtures.pdf.path}`);
    expect(urls).not.toContain(`${site.url}${documentFixtures.docx.path}`);
    expect(urls).toContain(`${site.url}${documentFixtures.xlsx.path}`);
  });

  it('a batch reads documents, each failure its own', async () => {
    const urls = [
      `${site.url}${documentFixtures.pdf.path}`,
      `${site.url}${documentFixtures.pptx.path}`,
      `${site.url}/documents/encrypted.pdf`,
    ];
    const job = batchScrape(urls, { convertPool: false });
    const documents = await collect(job);
    expect((await job.done).status).toBe('completed');
    expect(documents.map((doc) => doc.metadata.sourceURL).sort()).toEqual(urls.slice(0, 2).sort());
    expect((await job.errors()).errors).toEqual([expect.objectContaining({ url: urls[2], code: 'DOCUMENT_UNREADABLE' })]);
  });

  it('a map lists the document links', async () => {
    const links = await map(`${site.url}/documents/`, { ignoreSitemap: true });
    for (const documentUrl of documentUrls()) expect(links).toContain(documentUrl);
  });
});
