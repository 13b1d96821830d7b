// `pnpm bench links-main [--step N]`: the links format with main content (the default
// onlyMainContent) asked alone, which skips the steps that cannot change the content's links
// (content/steps: `onlyAltText`), against the same conversion running every step: the links must
// be the same on every dev-set page. Also lists the pages whose links differ from a conversion
// that makes Markdown too (the whole-page fallback tests the Markdown for emptiness there, the
// content's text without it) and prints the CPU per page of the conversions (same process, same load).
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { buildHtmlDocument } from '../packages/core/src/content/assembly/build-document.js';
import { resolveScrapeOptions } from '@trawl/core';
import { EVAL_SET_NAMES, evalSet, samplePages } from './lib/eval-sets.js';

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

export function runLinksMainCheck(argv: string[] = []): { pages: number; differing: number } {
  const { values } = parseArgs({ args: argv, options: { step: { type: 'string', default: '1' } }, strict: false });
  const step = Number(values.step) || 1;
  const linksOnly = resolveScrapeOptions({ formats: ['links'] });
  const withMarkdown = resolveScrapeOptions({ formats: ['links', 'markdown'] });
  let pages = 0;
  let linksCpu = 0;
  let fullCpu = 0;
  let everyStepCpu = 0;
  let withMarkdownDiffering = 0;
  const differing: string[] = [];
  console.log(
    `\n## Links of the main content asked alone, against every step run and with Markdown (dev sets, every ${step === 1 ? '' : `${step}-th `}page)\n`,
  );
  for (const name of EVAL_SET_NAMES) {
    for (const page of samplePages(evalSet(name).pages(), step)) {
      pages++;
      const source = { html: page.html, url: page.url, sourceURL: page.url, statusCode: 200 };
      let since = process.cpuUsage();
      const cheap = buildHtmlDocument(source, linksOnly).links;
      linksCpu += cpuMs(since);
      since = process.cpuUsage();
      const everyStep = buildHtmlDocument(source, linksOnly, { everyStep: true }).links;
      everyStepCpu += cpuMs(since);
      since = process.cpuUsage();
      const full = buildHtmlDocument(source, withMarkdown).links;
      fullCpu += cpuMs(since);
      if (!isDeepStrictEqual(cheap, everyStep)) {
        differing.push(`${name}/${page.id}`);
        console.log(`${name}/${page.id}: links differ from every step run (${cheap?.length} against ${everyStep?.length})`);
      }
      if (!isDeepStrictEqual(cheap, full)) {
        withMarkdownDiffering++;
        const missing = (full ?? []).filter((link) => !cheap?.includes(link)).length;
        const extra = (cheap ?? []).filter((link) => !full?.includes(link)).length;
        console.log(
          `${name}/${page.id}: links differ from with Markdown (${missing} missing, ${extra} extra, ${cheap?.length} against ${full?.length})`,
        );
      }
    }
  }
  console.log(`\n${pages} pages, ${differing.length} whose links differ from every step run, ${withMarkdownDiffering} from with Markdown`);
  const perPage = (ms: number) => (ms / pages).toFixed(1);
  console.log(`CPU ms/page: links alone ${perPage(linksCpu)}, every step ${perPage(everyStepCpu)}, links + Markdown ${perPage(fullCpu)}`);
  return { pages, differing: differing.length };
}
