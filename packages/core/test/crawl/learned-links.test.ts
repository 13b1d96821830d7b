import { startFixtureSite, startSyntheticSite, type FixtureSite, type SyntheticSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl, htmlToDocument, type Document } from '../../src/index.js';

let site: SyntheticSite;
beforeAll(async () => {
  site = await startSyntheticSite({ pages: 160, seed: 7, minPageBytes: 4_000, maxPageBytes: 12_000 });
});
afterAll(() => site.close());

async function crawled(start: string, limit: number, convertPool?: false): Promise<Document[]> {
  const documents: Document[] = [];
  const job = crawl(start, {
    limit,
    ignoreSitemap: true,
    scrapeOptions: { formats: ['links'] },
    ...(convertPool === false ? { convertPool } : {}),
  });
  for await (const document of job) documents.push(document);
  return documents;
}

async function fullDecision(document: Document): Promise<string[] | undefined> {
  const html = await (await fetch(document.metadata.url)).text();
  return (await htmlToDocument(html, { url: document.metadata.url, formats: ['links'] })).links;
}

describe('learned link templates', () => {
  it('a crawl gives every page the links of the full decision, most read from the learned template', { timeout: 120_000 }, async () => {
    const documents = await crawled(`${site.url}/`, 80, false);
    expect(documents.length).toBe(80);
    for (const document of documents) expect(document.links, document.metadata.url).toEqual(await fullDecision(document));
    const learned = documents.filter((document) => document.metadata.linksFrom === 'learned-template').length;
    console.log('learned', learned);
    expect(learned).toBeGreaterThan(40);
  });
});
