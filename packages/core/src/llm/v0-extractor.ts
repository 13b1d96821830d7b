/**
 * v0 scrape's `extractorOptions` as v1 options, and the `llm_extraction` field of a v0 result.
 * v0 modes that read the page (`llm-extraction`, `-from-markdown`, `-from-raw-html`) all become
 * the v1 `json` format, which reads the page's Markdown.
 */
import type { Document } from '../document.js';
import type { Format, ScrapeOptionsInput } from '../options.js';

export interface V0ExtractorOptions {
  mode?: 'markdown' | 'llm-extraction' | 'llm-extraction-from-markdown' | 'llm-extraction-from-raw-html' | string;
  extractionPrompt?: string;
  extractionSchema?: unknown;
  /** An older spelling of `extractionPrompt`. */
  userPrompt?: string;
}

export function isV0LlmExtraction(extractor: V0ExtractorOptions | undefined): boolean {
  return Boolean(extractor?.mode && extractor.mode !== 'markdown');
}

/** The v1 `jsonOptions` an extractorOptions asks for, or undefined for plain markdown mode. */
export function v0ExtractorToJsonOptions(extractor: V0ExtractorOptions | undefined): ScrapeOptionsInput['jsonOptions'] | undefined {
  if (!extractor || !isV0LlmExtraction(extractor)) return undefined;
  const schema = extractor.extractionSchema;
  const prompt = extractor.extractionPrompt ?? extractor.userPrompt;
  return {
    ...(typeof schema === 'object' && schema !== null && !Array.isArray(schema) ? { schema: schema as Record<string, unknown> } : {}),
    ...(prompt ? { prompt } : {}),
  };
}

/** Adds the `json` format and its options to v1 scrape options built from v0 pageOptions. */
export function withV0Extractor(options: ScrapeOptionsInput, extractor: V0ExtractorOptions | undefined): ScrapeOptionsInput {
  const jsonOptions = v0ExtractorToJsonOptions(extractor);
  if (!jsonOptions) return options;
  const formats: Format[] = [...(options.formats ?? ['markdown'])];
  if (!formats.includes('json')) formats.push('json');
  return { ...options, formats, jsonOptions };
}

/** The v0 result's `llm_extraction`: what the json format produced, when it ran. */
export function llmExtractionOf(document: Document): Record<string, unknown> | undefined {
  const json = document.json;
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
}
