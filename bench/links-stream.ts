// `pnpm bench links-stream [--step N]`: the links-only path (content/assembly/links-stream.ts, the tokenizer
// without a tree) against the tree path on every page of the three dev sets: the page's links
// (extractLinks over the parsed document), the links format's links (the cleaned page, with and
// without blockAds) and the metadata facts must be the same. Prints the pages that differ.
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { buildHtmlDocument } from '../packages/core/src/content/assembly/build-document.js';
import { streamPageLinks } from '../packages/core/src/content/assembly/links-stream.js';
import { metadataFromFacts } from '../packages/core/src/content/assembly/metadata.js';
import { extractLinks } from '@trawl/core/server';
import { parseHtml } from '@trawl/core/ports';
import { resolveScrapeOptions } from '@trawl/core';
import { EVAL_SET_NAMES, evalSet, samplePages } from './lib/eval-sets.js';

export function runLinksStreamCheck(argv: string[] = []): { pages: number; differing: number } {
  const { values } = parseArgs({ args: argv, options: { step: { type: 'string', default: '1' } }, strict: false });
  const step = Number(values.step) || 1;
  let pages = 0;
  const differing: string[] = [];
  console.log(`\n## Links without a tree against the tree path (dev sets, every ${step === 1 ? '' : `${step}-th `}page)\n`);
  for (const name of EVAL_SET_NAMES) {
    for (const page of samplePages(evalSet(name).pages(), step)) {
      pages++;
      const html = page.html;
      const problems: string[] = [];
      if (!isDeepStrictEqual(streamPageLinks(html, page.url, { blockAds: false }).pageLinks, extractLinks(parseHtml(html), page.url)))
        problems.push('page links');
      for (const blockAds of [true, false]) {
        const streamed = streamPageLinks(html, page.url, { blockAds });
        const options = resolveScrapeOptions({ formats: ['links'], onlyMainContent: false, blockAds });
        const document = buildHtmlDocument({ html, url: page.url, sourceURL: page.url, statusCode: 200 }, options);
        const { sourceURL: _s, url: _u, statusCode: _c, ...metadata } = document.metadata;
        if (!isDeepStrictEqual(streamed.contentLinks, document.links)) problems.push(`links format${blockAds ? ' (blockAds)' : ''}`);
        if (blockAds && !isDeepStrictEqual(metadataFromFacts(streamed.facts), metadata)) problems.push('metadata');
      }
      if (problems.length) {
        differing.push(`${name}/${page.id}`);
        console.log(`${name}/${page.id}: ${problems.join(', ')} differ`);
      }
    }
  }
  console.log(`\n${pages} pages, ${differing.length} with a difference`);
  return { pages, differing: differing.length };
}
