// The rival of `pnpm bench:quality`, in its own process so it runs beside Trawl on the second
// core: Readability.js 0.6.0 on jsdom, then turndown, as a developer writes it (the naive stack of
// `pnpm bench convert`, from the npm registry's unpatched copies). Usage:
//   quality-rival.ts SET OUT.json [STEP]   writes {pageId: markdown} for the set (every STEP-th page)
import { writeFileSync } from 'node:fs';
import TurndownService from 'turndown';
import { type EvalSetName, evalSet, samplePages } from './lib/eval-sets.js';
import { registryPeer } from './lib/registry-peer.js';

const [name, out, step] = process.argv.slice(2) as [EvalSetName, string, string | undefined];
const { JSDOM, VirtualConsole } = await import('jsdom');
const { Readability } = registryPeer();
const turndown = new TurndownService();
const quiet = new VirtualConsole();
// jsdom throws from its own callbacks on some stylesheets; a user's process would die, this one goes on.
process.on('uncaughtException', () => {});

const pages = step ? samplePages(evalSet(name).pages(), Number(step)) : evalSet(name).pages();
const predictions: Record<string, string> = {};
for (const page of pages) {
  let dom: InstanceType<typeof JSDOM> | undefined;
  try {
    dom = new JSDOM(page.html, { url: page.url, virtualConsole: quiet });
    const article = new Readability(dom.window.document).parse();
    predictions[page.id] = turndown.turndown(article?.content ?? dom.window.document.body?.innerHTML ?? '');
  } catch {
    predictions[page.id] = '';
  } finally {
    dom?.window.close();
  }
}
writeFileSync(out, JSON.stringify(predictions));
