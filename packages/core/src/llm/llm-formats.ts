/**
 * The scrape step that needs a model: the `json` format (jsonOptions) and v0's
 * `generateImgAltText`. It runs on the Document the pipeline built, so scrape(), crawl() and
 * batch scrapes share it; the model reads the page's Markdown.
 */
import type { Document } from '../document.js';
import type { ResolvedScrapeOptions } from '../options.js';
import { addUsage, NO_USAGE, type LlmProvider, type LlmUsage } from '../ports/llm.js';
import type { Runtime } from '../runtime/runtime.js';
import { describeImages } from './alt-text.js';
import { extractFromText, finishAnswer } from './extract-from-text.js';
import { llmMissing } from './missing-llm.js';

/** The features of `options` that need a model, named as an error message would name them. */
export function llmFeaturesOf(options: Pick<ResolvedScrapeOptions, 'formats' | 'generateImgAltText'>): string[] {
  const features: string[] = [];
  if (options.formats.includes('json')) features.push('The "json" format');
  if (options.generateImgAltText) features.push('generateImgAltText');
  return features;
}

/** Fails before any I/O when a feature needs a model and none is configured. */
export function assertLlmAvailable(
  options: Pick<ResolvedScrapeOptions, 'formats' | 'generateImgAltText'>,
  llm: LlmProvider | undefined,
): void {
  const features = llmFeaturesOf(options);
  if (features.length && !llm) throw llmMissing(features.join(' and '));
}

/** Credits one page costs: a page read by the model costs 5, as in self-hosted Firecrawl; any other page 1. */
export function pageCredits(options: Pick<ResolvedScrapeOptions, 'formats'>): number {
  return options.formats.includes('json') ? LLM_PAGE_CREDITS : 1;
}

export const LLM_PAGE_CREDITS = 5;

/** The options to convert the page with: the model reads Markdown, even when the caller did not ask for it. */
export function conversionOptions(options: ResolvedScrapeOptions): ResolvedScrapeOptions {
  if (!llmFeaturesOf(options).length || options.formats.includes('markdown')) return options;
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
  if (!llmFeaturesOf(options).length) return { document, usage: NO_USAGE };
  const llm = runtime.llm;
  if (!llm) throw llmMissing(llmFeaturesOf(options).join(' and '));
  const warnings: string[] = document.warning ? [document.warning] : [];
  let usage = NO_USAGE;
  let markdown = document.markdown ?? '';

  if (options.generateImgAltText && markdown) {
    const described = await describeImages(markdown, { llm, runtime, signal });
    markdown = described.markdown;
    usage = addUsage(usage, described.usage);
    warnings.push(...described.warnings);
  }

  let json: unknown;
  if (options.formats.includes('json')) {
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
    json = finished.value;
    usage = addUsage(usage, extraction.usage);
    warnings.push(...extraction.warnings, ...(finished.warning ? [finished.warning] : []));
  }

  const { markdown: _converted, warning: _warning, ...rest } = document;
  const out: Document = { ...rest };
  if (options.formats.includes('markdown')) out.markdown = markdown;
  if (json !== undefined) out.json = json;
  if (warnings.length) out.warning = warnings.join(' ');
  return { document: out, usage };
}
