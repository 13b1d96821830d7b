// `pnpm bench documents`: documents back to Markdown, offline. The article benchmark's pages go
// through Trawl's HTML pipeline; their main content is printed to PDF by the local Chromium
// (page.pdf()) and written as DOCX, then converted back. Scored by shared/eval/score.mjs against
// the gold text (beside the HTML pipeline's own score on the same pages) and against the HTML
// pipeline's Markdown (the round trip's fidelity); pages/s and peak RSS of each converter in a
// process of its own, on one thread, beside a plain text extraction (pdf.js text items joined).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { htmlToDocument, parse } from '@trawl/core';
import { parseHTML } from 'linkedom';
import { runJson } from './lib/child.js';
import { loadEvalPages } from './lib/eval-pages.js';
import { htmlToDocx } from './lib/html-to-docx.js';
import { score, withoutH1Lines } from './lib/score.js';
import { fmt, peakRssMb, printTable } from './lib/stats.js';

/** Targets of issue 18. */
const TARGETS = { pdfF1Gap: 0.02, headingPages: 0.9, pdfPagesPerSecond: 20, docxF1: 0.95 };

type ConverterName = 'trawl-pdf' | 'pdfjs-text' | 'trawl-docx';

interface ConverterRun {
  files: number;
  pages: number;
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  predictionsFile: string;
}

const CACHE = fileURLToPath(new URL('./node_modules/.cache/trawl-documents/', import.meta.url));

/** The child: converts every file of `dir` with one converter, on this one thread, and reports. */
async function convertAll(name: ConverterName, dir: string, out: string): Promise<void> {
  const files = readdirSync(dir).filter((f) => f.endsWith(name === 'trawl-docx' ? '.docx' : '.pdf'));
  const inputs = files.map((file) => ({ id: file.replace(/\.(pdf|docx)$/, ''), bytes: readFileSync(join(dir, file)) }));
  const extractText = name === 'pdfjs-text' ? await import('unpdf').then((m) => m.getDocumentProxy) : undefined;
  // One warm-up file, so module loading is not counted as conversion.
  if (inputs[0]) await convertOne(name, inputs[0].bytes, `${inputs[0].id}.x`, extractText);
  const predictions: Record<string, string> = {};
  let pages = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (const input of inputs) {
    const result = await convertOne(name, input.bytes, input.id, extractText);
    predictions[input.id] = result.text;
    pages += result.pages;
  }
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(out, JSON.stringify(predictions));
  const run: ConverterRun = {
    files: inputs.length,
    pages,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    peakRssMb: peakRssMb(),
    predictionsFile: out,
  };
  console.log(JSON.stringify(run));
}

async function convertOne(
  name: ConverterName,
  bytes: Buffer,
  id: string,
  getDocumentProxy: typeof import('unpdf').getDocumentProxy | undefined,
): Promise<{ text: string; pages: number }> {
  if (getDocumentProxy) {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    let text = '';
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
    }
    const pages = pdf.numPages;
    await pdf.destroy();
    return { text, pages };
  }
  const doc = await parse(bytes, {
    fileName: `${id}.${name === 'trawl-docx' ? 'docx' : 'pdf'}`,
    convertPool: false,
    formats: ['markdown'],
  });
  return { text: doc.markdown ?? '', pages: typeof doc.metadata.numPages === 'number' ? doc.metadata.numPages : 1 };
}

/** Main content as a printable page: what the PDF and the DOCX carry. */
function printable(title: string, html: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title.replace(/</g, '&lt;')}</title><style>body{font-family:serif;font-size:12pt;margin:0}img{display:none}</style></head><body>${html}</body></html>`;
}

async function printPdfs(pages: Array<{ id: string; html: string }>, dir: string): Promise<void> {
  const missing = pages.filter((page) => !existsSync(join(dir, `${page.id}.pdf`)));
  if (!missing.length) return;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.TRAWL_CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const page = await browser.newPage();
  // Offline: nothing the content references is fetched.
  await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
  for (const { id, html } of missing) {
    await page.setContent(html, { waitUntil: 'domcontentloaded' });
    writeFileSync(
      join(dir, `${id}.pdf`),
      await page.pdf({ format: 'A4', margin: { top: '2cm', bottom: '2cm', left: '2cm', right: '2cm' } }),
    );
  }
  await browser.close();
}

/** A gold folder in WCXB's shape whose text is the HTML pipeline's Markdown: score.mjs's word F1 then measures the round trip. */
function fidelityGold(reference: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'trawl-documents-gold-'));
  mkdirSync(join(dir, 'ground-truth'));
  for (const [id, markdown] of Object.entries(reference)) {
    // The reference is Markdown: link targets and syntax are not words (score.mjs reads the predictions alike).
    const text = markdown
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '');
    writeFileSync(join(dir, 'ground-truth', `${id}.json`), JSON.stringify({ ground_truth: { main_content: text } }));
  }
  return dir;
}

const normalise = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** For pages whose main content has headings: how many came back as Markdown headings. */
function headingRecovery(htmlById: Record<string, string>, markdownById: Record<string, string>) {
  let pagesWith = 0;
  let pagesAll = 0;
  let pagesMost = 0;
  let headings = 0;
  let found = 0;
  for (const [id, html] of Object.entries(htmlById)) {
    const { document } = parseHTML(`<html><body>${html}</body></html>`);
    const expected = Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6'))
      .map((h) => normalise(h.textContent ?? ''))
      .filter(Boolean);
    if (!expected.length) continue;
    pagesWith++;
    const got = new Set(
      (markdownById[id] ?? '')
        .split('\n')
        .filter((line) => /^#{1,6} /.test(line))
        .map((line) => normalise(line.replace(/^#+ /, ''))),
    );
    const hits = expected.filter((text) => got.has(text)).length;
    headings += expected.length;
    found += hits;
    if (hits === expected.length) pagesAll++;
    if (hits >= expected.length * 0.9) pagesMost++;
  }
  return { pagesWith, pagesAll, pagesMost, headings, found };
}

export async function runDocumentBenchmark(): Promise<Record<string, unknown>> {
  const pages = loadEvalPages();
  const htmlMarkdown: Record<string, string> = {};
  const mainHtml: Record<string, string> = {};
  const titles: Record<string, string> = {};
  for (const page of pages) {
    const doc = await htmlToDocument(page.html, { url: page.url, formats: ['markdown', 'html'], onlyMainContent: true });
    htmlMarkdown[page.id] = doc.markdown ?? '';
    mainHtml[page.id] = doc.html ?? '';
    titles[page.id] = doc.metadata.title ?? page.id;
  }
  const key = createHash('sha256').update(JSON.stringify(mainHtml)).digest('hex').slice(0, 12);
  const dir = join(CACHE, key);
  mkdirSync(dir, { recursive: true });
  await printPdfs(
    pages.map((page) => ({ id: page.id, html: printable(titles[page.id]!, mainHtml[page.id]!) })),
    dir,
  );
  for (const page of pages) {
    const file = join(dir, `${page.id}.docx`);
    if (!existsSync(file)) writeFileSync(file, htmlToDocx(mainHtml[page.id]!, titles[page.id]!));
  }

  writeFileSync(join(dir, 'html-pipeline.json'), JSON.stringify(htmlMarkdown));
  const runs = {} as Record<ConverterName, ConverterRun & { predictions: Record<string, string> }>;
  for (const name of ['trawl-pdf', 'pdfjs-text', 'trawl-docx'] as const) {
    const run = await runJson<ConverterRun>('documents.ts', ['--convert', name, dir, join(dir, `${name}.json`)]);
    runs[name] = { ...run, predictions: JSON.parse(readFileSync(run.predictionsFile, 'utf8')) };
  }

  const gold = {
    html: score(['aeb'], htmlMarkdown),
    pdf: score(['aeb'], runs['trawl-pdf'].predictions),
    text: score(['aeb'], runs['pdfjs-text'].predictions),
    docx: score(['aeb'], runs['trawl-docx'].predictions),
  };
  // Like for like with the gold text, which leaves each page's title out (Trawl keeps the H1).
  const goldWithoutH1 = {
    html: score(['aeb'], withoutH1Lines(htmlMarkdown)),
    pdf: score(['aeb'], withoutH1Lines(runs['trawl-pdf'].predictions)),
    text: score(['aeb'], withoutH1Lines(runs['pdfjs-text'].predictions)),
    docx: score(['aeb'], withoutH1Lines(runs['trawl-docx'].predictions)),
  };
  const goldDir = fidelityGold(htmlMarkdown);
  const fidelity = {
    pdf: score(['wcxb', goldDir], runs['trawl-pdf'].predictions),
    text: score(['wcxb', goldDir], runs['pdfjs-text'].predictions),
    docx: score(['wcxb', goldDir], runs['trawl-docx'].predictions),
  };
  rmSync(goldDir, { recursive: true, force: true });
  const headingsPdf = headingRecovery(mainHtml, runs['trawl-pdf'].predictions);
  const headingsDocx = headingRecovery(mainHtml, runs['trawl-docx'].predictions);

  const pdfPages = runs['trawl-pdf'].pages;
  console.log(`\n## Documents: the article benchmark's ${pages.length} pages as ${pdfPages} PDF pages and ${pages.length} DOCX files\n`);
  printTable(
    ['converter', 'F1 vs gold', 'F1 vs gold, H1 aside', 'F1 vs HTML pipeline', 'pages/s (wall)', 'pages per CPU s', 'peak RSS'],
    [
      ['HTML pipeline (the same pages as HTML)', fmt(gold.html.f1, 4), fmt(goldWithoutH1.html.f1, 4), '1.0000', '', '', ''],
      ...(['trawl-pdf', 'pdfjs-text', 'trawl-docx'] as const).map((name) => {
        const run = runs[name];
        const key = name === 'trawl-pdf' ? 'pdf' : name === 'pdfjs-text' ? 'text' : 'docx';
        const g = gold[key];
        const f = fidelity[key];
        const label = {
          'trawl-pdf': 'Trawl PDF → Markdown',
          'pdfjs-text': 'pdf.js text items joined (baseline)',
          'trawl-docx': 'Trawl DOCX → Markdown',
        }[name];
        return [
          label,
          fmt(g.f1, 4),
          fmt(goldWithoutH1[key].f1, 4),
          fmt(f.f1, 4),
          fmt(run.pages / run.seconds, 1),
          fmt(run.pages / run.cpuSeconds, 1),
          `${fmt(run.peakRssMb, 0)} MB`,
        ];
      }),
    ],
  );
  console.log(
    `\nheadings   PDF: ${headingsPdf.pagesAll}/${headingsPdf.pagesWith} pages with every heading, ${headingsPdf.pagesMost}/${headingsPdf.pagesWith} with ≥ 90%, ${headingsPdf.found}/${headingsPdf.headings} headings; DOCX: ${headingsDocx.pagesAll}/${headingsDocx.pagesWith} pages, ${headingsDocx.found}/${headingsDocx.headings} headings`,
  );
  const checks = [
    [`PDF F1 within ${TARGETS.pdfF1Gap} of the HTML pipeline`, gold.html.f1 - gold.pdf.f1 <= TARGETS.pdfF1Gap],
    [
      `headings recovered on ≥ ${TARGETS.headingPages * 100}% of pages that have them`,
      headingsPdf.pagesAll >= headingsPdf.pagesWith * TARGETS.headingPages,
    ],
    [`≥ ${TARGETS.pdfPagesPerSecond} PDF pages/s on one core`, pdfPages / runs['trawl-pdf'].cpuSeconds >= TARGETS.pdfPagesPerSecond],
    [`DOCX F1 ≥ ${TARGETS.docxF1} vs the gold text (H1 lines set aside)`, goldWithoutH1.docx.f1 >= TARGETS.docxF1],
  ] as const;
  for (const [target, met] of checks) console.log(`target     ${met ? 'met    ' : 'NOT met'} ${target}`);
  return {
    pages: pages.length,
    pdfPages,
    f1: { html: gold.html.f1, pdf: gold.pdf.f1, pdfjsText: gold.text.f1, docx: gold.docx.f1 },
    f1WithoutH1: {
      html: goldWithoutH1.html.f1,
      pdf: goldWithoutH1.pdf.f1,
      pdfjsText: goldWithoutH1.text.f1,
      docx: goldWithoutH1.docx.f1,
    },
    fidelity: { pdf: fidelity.pdf.f1, pdfjsText: fidelity.text.f1, docx: fidelity.docx.f1 },
    headings: { pdf: headingsPdf, docx: headingsDocx },
    speed: Object.fromEntries(
      Object.entries(runs).map(([name, run]) => [
        name,
        { pagesPerSecond: run.pages / run.seconds, pagesPerCpuSecond: run.pages / run.cpuSeconds, peakRssMb: run.peakRssMb },
      ]),
    ),
  };
}

if (process.argv[2] === '--convert') await convertAll(process.argv[3] as ConverterName, process.argv[4]!, process.argv[5]!);
