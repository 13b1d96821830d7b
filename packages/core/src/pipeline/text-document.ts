import type { Document, DocumentMetadata } from '../document.js';
import type { ResolvedScrapeOptions } from '../options.js';

/** JSON, XML and plain-text responses: Markdown is the text itself, fenced when it is code. */
export function textDocument(
  text: string,
  kind: 'json' | 'xml' | 'text',
  metadata: DocumentMetadata,
  options: ResolvedScrapeOptions,
): Document {
  const doc: Document = { metadata };
  const formats = new Set(options.formats);
  if (formats.has('markdown')) doc.markdown = kind === 'text' ? text.trim() : `\`\`\`${kind}\n${text.trim()}\n\`\`\``;
  if (formats.has('html')) doc.html = `<pre>${escapeHtml(text)}</pre>`;
  if (formats.has('rawHtml')) doc.rawHtml = text;
  if (formats.has('links')) doc.links = [];
  // Text has no elements: nothing to list, and no element for a selector to match.
  if (options.images) doc.images = [];
  if (options.attributes) doc.attributes = options.attributes.map((entry) => ({ ...entry, values: [] }));
  return doc;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
