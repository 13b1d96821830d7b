import { strToU8, zipSync } from 'fflate';

/** One JSON document per line. */
// biome-ignore lint/suspicious/noExplicitAny: v2 Documents
export function toJsonl(documents: any[]): string {
  return documents.map((doc) => JSON.stringify(doc)).join('\n') + (documents.length ? '\n' : '');
}

/** A file name for a page's URL: host and path, safe on every file system, unique within the zip. */
export function fileNameFor(url: string, taken: Set<string>): string {
  let stem = 'page';
  try {
    const parsed = new URL(url);
    stem = `${parsed.hostname}${parsed.pathname}${parsed.search}`.replace(/\/$/, '/index');
  } catch {}
  stem = stem.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'page';
  let name = `${stem}.md`;
  for (let n = 2; taken.has(name); n++) name = `${stem}-${n}.md`;
  taken.add(name);
  return name;
}

/** A zip of the documents' Markdown, one file per page. */
// biome-ignore lint/suspicious/noExplicitAny: v2 Documents
export function markdownZip(documents: any[]): Uint8Array {
  const taken = new Set<string>();
  const files: Record<string, Uint8Array> = {};
  for (const doc of documents) {
    if (typeof doc.markdown !== 'string') continue;
    files[fileNameFor(doc.metadata?.sourceURL ?? doc.metadata?.url ?? '', taken)] = strToU8(doc.markdown);
  }
  return zipSync(files);
}
