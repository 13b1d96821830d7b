/**
 * The scrape step that reads the converted page's Markdown, mostly with a model: the `json`
 * format (jsonOptions), v0's `generateImgAltText`, v2's `question`; v2's `highlights` (BM25, the
 * model reranking when configured), and the model filling what the page left out of `product`
 * and `menu` when one is configured. It runs on the Document the pipeline built, so scrape(),
 * crawl() and batch scrapes share it.
 */
import type { Document } from '../document.js';
import type { ResolvedScrapeOptions } from '../options.js';
import { addUsage, NO_USAGE, type LlmProvider, type LlmUsage } from '../ports/llm.js';
import type { Runtime } from '../runtime/types.js';
import { describeImages } from './alt-text.js';
import { extractFromText, finishAnswer } from './extract-from-text.js';
import { llmMissing } from './missing-llm.js';
import { HIGHLIGHTS_RETURNED, highlightsText, rankPassages } from '../formats/highlights.js';
import { missingFields } from '../content/profiles/product.js';
import { rerankPassages, RERANK_CANDIDATES } from './highlights-rerank.js';
import { fillProduct, readMenuWithModel } from './profile-fill.js';
import { answerQuestion } from './question.js';

type MarkdownFeatures = Pick<ResolvedScrapeOptions, 'formats' | 'generateImgAltText' | 'question' | 'highlightsQuery' | 'profiles'>;

/** The features of `options` that need a model, named as an error message would name them. */
export function llmFeaturesOf(
  options: Pick<ResolvedScrapeOptions, 'formats' | 'generateImgAltText'> & { question?: string | undefined },
): string[] {
  const features: string[] = [];
  if (options.formats.includes('json')) features.push('The "json" format');
  if (options.question !== undefined) features.push('The "question" format');
  if (options.generateImgAltText) features.push('generateImgAltText');
  return features;
}

/** Whether the step reads the page's Markdown: for a model's feature, highlights, or a model filling a product or menu. */
function readsMarkdown(options: MarkdownFeatures, hasModel: boolean): boolean {
  return (
    llmFeaturesOf(options).length > 0 ||
    options.highlightsQuery !== undefined ||
    (hasModel && (options.profiles ?? []).some((name) => name === 'product' || name === 'menu'))
  );
}

/** Fails before any I/O when a feature needs a model and none is configured. */
export function assertLlmAvailable(
  options: Pick<ResolvedScrapeOptions, 'formats' | 'generateImgAltText'> & { question?: string | undefined },
  llm: LlmProvider | undefined,
): void {
  const features = llmFeaturesOf(options);
  if (features.length && !llm) throw llmMissing(features.join(' and '));
}

/** Credits one page costs: a page read by the model costs 5, as in self-hosted Firecrawl; any other page 1. */
export function pageCredits(options: Pick<ResolvedScrapeOptions, 'formats'> & { question?: string | undefined }): number {
  return options.formats.includes('json') || options.question !== undefined ? LLM_PAGE_CREDITS : 1;
}

export const LLM_PAGE_CREDITS = 5;

/** The options to convert the page with: this step reads Markdown, even when the caller did not ask for it. */
export function conversionOptions(options: ResolvedScrapeOptions, hasModel = false): ResolvedScrapeOptions {
  if (!readsMarkdown(options, hasModel) || options.formats.includes('markdown')) return options;
  return { ...options, formats: [...options.formats, 'markdown'] };
}

/**
 * Adds what the model produces to a Document converted with `conversionOptions(options)`, and
 * drops the Markdown again when only the model needed it. Model failures reject (LLM_ERROR).
 */
export async function applyLlmFormats(
  document: Document,
  options: ResolvedScrapeOptions,
  runtime: Runtime,
  signal?: AbortSignal,
): Promise<{ document: Document; usage: LlmUsage }> {
  const llm = runtime.llm;
  if (!readsMarkdown(options, llm !== undefined)) return { document, usage: NO_USAGE };
  if (llmFeaturesOf(options).length && !llm) throw llmMissing(llmFeaturesOf(options).join(' and '));
  const warnings: string[] = document.warning ? [document.warning] : [];
  let usage = NO_USAGE;
  let markdown = document.markdown ?? '';
  const page = { url: document.metadata.url, title: document.metadata.title, signal };
  const added: Partial<Document> = {};

  if (options.generateImgAltText && markdown && llm) {
    const described = await describeImages(markdown, { llm, runtime, signal });
    markdown = described.markdown;
    usage = addUsage(usage, described.usage);
    warnings.push(...described.warnings);
  }

  if (options.formats.includes('json') && llm) {
    const { schema, prompt, systemPrompt } = options.jsonOptions ?? {};
    const extraction = await extractFromText(llm, {
      content: markdown,
      ...(schema ? { schema } : {}),
      ...(prompt ? { prompt } : {}),
      ...(systemPrompt ? { systemPrompt } : {}),
      url: document.metadata.url,
      ...(document.metadata.title ? { title: document.metadata.title } : {}),
      signal,
    });
    const finished = finishAnswer(schema, extraction.value);
    added.json = finished.value;
    usage = addUsage(usage, extraction.usage);
    warnings.push(...extraction.warnings, ...(finished.warning ? [finished.warning] : []));
  }

  if (options.question !== undefined && llm) {
    const answered = await answerQuestion(llm, { question: options.question, markdown, ...page });
    added.answer = answered.answer;
    usage = addUsage(usage, answered.usage);
    warnings.push(...answered.warnings);
  }

  if (options.highlightsQuery !== undefined) {
    const candidates = rankPassages(markdown, options.highlightsQuery, llm ? RERANK_CANDIDATES : HIGHLIGHTS_RETURNED);
    let passages = candidates.slice(0, HIGHLIGHTS_RETURNED);
    if (llm && candidates.length > 1) {
      const reranked = await rerankPassages(llm, options.highlightsQuery, candidates, HIGHLIGHTS_RETURNED, signal);
      passages = reranked.passages;
      usage = addUsage(usage, reranked.usage);
    }
    added.highlights = highlightsText(passages);
    if (!passages.length) warnings.push('No passage of the page shares a word with the highlights query.');
  }

  if (llm && options.profiles?.includes('product') && missingFields(document.product).length) {
    const filled = await fillProduct(llm, document.product, { markdown, ...page });
    if (filled.product) added.product = filled.product;
    usage = addUsage(usage, filled.usage);
  }
  if (llm && options.profiles?.includes('menu') && !document.menu) {
    const read = await readMenuWithModel(llm, { markdown, ...page });
    if (read.menu) added.menu = read.menu;
    usage = addUsage(usage, read.usage);
  }

  const { markdown: _converted, warning: _warning, ...rest } = document;
  const out: Document = { ...rest, ...added };
  if (options.formats.includes('markdown')) out.markdown = markdown;
  if (warnings.length) out.warning = warnings.join(' ');
  return { document: out, usage };
}
