// The rival of `pnpm bench:quality`, in its own process so it runs beside Trawl on the second
// core: Readability.js 0.6.0 on jsdom, then turndown, as a developer writes it (the naive stack of
// `pnpm bench convert`, from the npm registry's unpatched copies). Usage:
//   quality-rival.ts SET OUT.json STEP FROM TO   writes {pageId: markdown} for pages FROM..TO-1 of
//   the set (of every STEP-th page). jsdom's windows do not all go back to the heap when closed, so
//   the parent runs a fresh process for each slice of pages.
import { writeFileSync } from 'node:fs';
import TurndownService from 'turndown';
import { type EvalSetName, evalSet, samplePages } from './lib/eval-sets.js';
import { registryPeer } from './lib/registry-peer.js';

const [name, out, step, from, to] = process.argv.slice(2) as [EvalSetName, string, string, string, string];
const { JSDOM, VirtualConsole } = await import('jsdom');
const { Readability } = registryPeer();
const turndown = new TurndownService();
const quiet = new VirtualConsole();
// jsdom throws from its own callbacks on some stylesheets; a user's process would die, this one goes on.
process.on('uncaughtException', () => {});

const pages = samplePages(evalSet(name).pages(), Number(step)).slice(Number(from), Number(to));
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
