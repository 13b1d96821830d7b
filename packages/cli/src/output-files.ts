import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Document } from '@trawl/core';

/** The Markdown file a page is written to: its host and path, made safe for any file system. */
export function fileNameFor(url: string): string {
  const parsed = new URL(url);
  const segments = parsed.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => safeSegment(decodeURIComponent(s)));
  let last = segments.pop() ?? 'index';
  last = last.replace(/\.(html?|php|aspx?)$/i, '');
  if (parsed.search) last += `_${safeSegment(parsed.search.slice(1))}`;
  return join(safeSegment(parsed.host), ...segments, `${last}.md`);
}

function safeSegment(text: string): string {
  const cleaned = text.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^\.+/, '_').slice(0, 120);
  return cleaned || '_';
}

/** Writes one Markdown file per page and a line per page to index.jsonl. */
export class CrawlOutput {
  private readonly index: WriteStream;
  private readonly used = new Set<string>();

  private constructor(private readonly dir: string) {
    this.index = createWriteStream(join(dir, 'index.jsonl'), { flags: 'w' });
  }

  static async open(dir: string): Promise<CrawlOutput> {
    await mkdir(dir, { recursive: true });
    return new CrawlOutput(dir);
  }

  async write(doc: Document): Promise<string> {
    let file = fileNameFor(doc.metadata.url);
    for (let n = 2; this.used.has(file); n++) file = file.replace(/(_\d+)?\.md$/, `_${n}.md`);
    this.used.add(file);
    const path = join(this.dir, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, doc.markdown ?? '', 'utf8');
    const { markdown: _markdown, html: _html, rawHtml: _rawHtml, ...rest } = doc;
    this.index.write(`${JSON.stringify({ file, url: doc.metadata.url, ...rest })}\n`);
    return file;
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.index.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}
