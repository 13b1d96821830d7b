import { llmExtractionOf } from '@trawl/core/server';
import type { Document } from '@trawl/core';

/** A v0 result document: `content` is the Markdown, status and error live in `pageStatusCode`/`pageError`. */
export interface V0Document {
  content: string;
  markdown: string;
  html?: string;
  rawHtml?: string;
  llm_extraction?: unknown;
  warning?: string;
  index?: number;
  metadata: Record<string, unknown>;
}

export function toV0Document(doc: Document): V0Document {
  const { statusCode, error, ...metadata } = doc.metadata;
  const markdown = doc.markdown ?? '';
  const extraction = llmExtractionOf(doc);
  return {
    content: markdown,
    markdown,
    ...(doc.html === undefined ? {} : { html: doc.html }),
    ...(doc.rawHtml === undefined ? {} : { rawHtml: doc.rawHtml }),
    ...(extraction ? { llm_extraction: extraction } : {}),
    ...(doc.warning ? { warning: doc.warning } : {}),
    metadata: {
      ...metadata,
      ...(doc.screenshot ? { screenshot: doc.screenshot } : {}),
      pageStatusCode: statusCode,
      ...(error ? { pageError: error } : {}),
    },
  };
}

/** A crawl result under v0's `returnOnlyUrls`: just where the page was. */
export function toV0UrlOnly(doc: Document): { url: string } {
  return { url: doc.metadata.sourceURL };
}
