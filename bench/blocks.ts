// `pnpm bench blocks`: the block-page classifier over every page of the three dev sets (AEB, WCXB
// dev, trafilatura): its false positives (each of these pages is a real page with gold text, so
// any verdict is one; goal 0) and its cost beside a whole conversion of the same pages (goal
// under 2%). Conversions are timed on every `--step`-th page (default 10) to keep the run short;
// the classifier runs on every page. CPU time is reported beside wall time: the machine may be shared.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { classifyBlockPage } from '@trawl/core/server';
import { htmlToDocument } from '@trawl/core';
import { parseHtml } from '../packages/core/src/content/dom/parse.js';
import { evalDir, loadEvalPages, loadTrafilaturaPages, loadWcxbPages, type EvalPage } from './lib/eval-pages.js';
import { fmt, printTable } from './lib/stats.js';

interface SetFigures {
  set: string;
  pages: number;
  /** Verdicts on pages whose gold text is empty: the page holds nothing a reader could take (a WCXB app shell), so the verdict is right. */
  empty: Array<{ id: string; url: string; kind: string }>;
  flagged: Array<{ id: string; url: string; kind: string; vendor: string; evidence: string[] }>;
  classifyMs: number;
  classifyCpuMs: number;
  /** Pages converted for the comparison, and what the classifier and the conversion cost on them. */
  sampled: number;
  sampleClassifyCpuMs: number;
  sampleConvertCpuMs: number;
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

async function measureSet(set: string, pages: EvalPage[], step: number): Promise<SetFigures> {
  const figures: SetFigures = {
    set,
    pages: 0,
    empty: [],
    flagged: [],
    classifyMs: 0,
    classifyCpuMs: 0,
    sampled: 0,
    sampleClassifyCpuMs: 0,
    sampleConvertCpuMs: 0,
  };
  for (const [index, page] of pages.entries()) {
    const { html, url, id } = page;
    const document = parseHtml(html);
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const verdict = classifyBlockPage(document, { status: 200, headers: {}, url, sourceURL: url });
    const classifyCpu = cpuMs(cpu);
    figures.classifyMs += performance.now() - wall;
    figures.classifyCpuMs += classifyCpu;
    figures.pages++;
    if (verdict && goldIsEmpty(set, id)) figures.empty.push({ id, url, kind: verdict.kind });
    else if (verdict) figures.flagged.push({ id, url, ...verdict });
    if (index % step === 0) {
      const convertCpu = process.cpuUsage();
      await htmlToDocument(html, { url, formats: ['markdown'] });
      figures.sampleConvertCpuMs += cpuMs(convertCpu);
      figures.sampleClassifyCpuMs += classifyCpu;
      figures.sampled++;
    }
  }
  return figures;
}

/** WCXB marks pages with nothing to extract by an empty gold text; the other sets have none. */
function goldIsEmpty(set: string, id: string): boolean {
  if (set !== 'wcxb-dev') return false;
  const truth = JSON.parse(readFileSync(join(evalDir(), 'wcxb-dev', 'ground-truth', `${id}.json`), 'utf8')) as {
    ground_truth?: { main_content?: string };
  };
  return !truth.ground_truth?.main_content?.trim();
}

export async function runBlocksBenchmark(step = 10): Promise<{ falsePositives: number; pages: number; costShare: number }> {
  console.log(
    `\n## Block-page classifier on every dev-set page (false positives, cost), load ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}\n`,
  );
  const sets: Array<[string, () => EvalPage[]]> = [
    ['aeb', loadEvalPages],
    ['wcxb-dev', loadWcxbPages],
    ['trafilatura', loadTrafilaturaPages],
  ];
  // The first pages run cold (JIT, lazy modules): classify and convert a few before measuring anything.
  for (const page of loadEvalPages().slice(0, 20)) {
    classifyBlockPage(parseHtml(page.html), { status: 200, headers: {}, url: page.url, sourceURL: page.url });
    await htmlToDocument(page.html, { url: page.url, formats: ['markdown'] });
  }
  const results: SetFigures[] = [];
  for (const [name, load] of sets) results.push(await measureSet(name, load(), step));
  printTable(
    [
      'set',
      'pages',
      'false positives',
      'right (gold empty)',
      'classify ms/page (wall)',
      'classify CPU ms/page',
      'converted',
      'share of a conversion (CPU)',
    ],
    results.map((r) => [
      r.set,
      String(r.pages),
      String(r.flagged.length),
      String(r.empty.length),
      fmt(r.classifyMs / r.pages, 3),
      fmt(r.classifyCpuMs / r.pages, 3),
      String(r.sampled),
      `${fmt((100 * r.sampleClassifyCpuMs) / r.sampleConvertCpuMs, 2)}%`,
    ]),
  );
  for (const r of results) {
    for (const page of r.empty) console.log(`  ${r.set} ${page.id} ${page.url}: ${page.kind}, and its gold text is empty`);
    for (const flag of r.flagged)
      console.log(`  ${r.set} ${flag.id} ${flag.url}: ${flag.kind} (${flag.vendor}) ${flag.evidence.join('; ')}`);
  }
  const pages = results.reduce((sum, r) => sum + r.pages, 0);
  const falsePositives = results.reduce((sum, r) => sum + r.flagged.length, 0);
  const costShare =
    results.reduce((sum, r) => sum + r.sampleClassifyCpuMs, 0) /
    Math.max(
      1,
      results.reduce((sum, r) => sum + r.sampleConvertCpuMs, 0),
    );
  console.log(
    `\n${falsePositives} of ${pages} real pages flagged (goal 0); the classifier costs ${fmt(100 * costShare, 2)}% of a conversion (goal < 2%)`,
  );
  return { falsePositives, pages, costShare };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--step');
  await runBlocksBenchmark(at > 0 ? Number(process.argv[at + 1]) : 10);
}
