import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Document } from '@trawl/core';
import type { ErrorEntry } from '@trawl/core/ports';

/**
 * The Markdown file a page is written to: its host and path, made safe for any file system. A
 * directory URL (`/docs/`) is `docs/index.md`, so it sits inside the folder its pages go to.
 */
export function fileNameFor(url: string): string {
  const parsed = new URL(url);
  const segments = parsed.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => safeSegment(decodeURIComponent(s)));
  let last = parsed.pathname.endsWith('/') ? 'index' : (segments.pop() ?? 'index');
  last = last.replace(/\.(html?|php|aspx?)$/i, '');
  if (parsed.search) last += `_${safeSegment(parsed.search.slice(1))}`;
  return join(safeSegment(parsed.host), ...segments, `${last}.md`);
}

function safeSegment(text: string): string {
  const cleaned = text
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120);
  return cleaned || '_';
}

/** A small YAML front matter, so each file says where it came from. Strings are JSON-quoted, which YAML reads as is. */
export function frontMatter(doc: Document): string {
  const { title, url, statusCode } = doc.metadata;
  return ['---', `title: ${JSON.stringify(title ?? '')}`, `url: ${JSON.stringify(url)}`, `status: ${statusCode}`, '---', '', ''].join('\n');
}

const INDEX = 'index.jsonl';

/**
 * Writes one Markdown file per page and a line per page to index.jsonl: a page's metadata, or a
 * failed page's URL and error. Opened again (a resumed crawl), it appends and keeps the names taken.
 */
export class CrawlOutput {
  private readonly index: WriteStream;

  private constructor(
    private readonly dir: string,
    private readonly used: Set<string>,
    append: boolean,
  ) {
    this.index = createWriteStream(join(dir, INDEX), { flags: append ? 'a' : 'w' });
  }

  /** Checked before any page is fetched: a path that is a file is refused at once. */
  static async open(dir: string, options: { append?: boolean } = {}): Promise<CrawlOutput> {
    const existing = await stat(dir).catch(() => undefined);
    if (existing && !existing.isDirectory()) throw new Error(`--out ${dir} is a file: give a directory to write the pages into`);
    await mkdir(dir, { recursive: true });
    const used = options.append ? await filesListed(join(dir, INDEX)) : new Set<string>();
    return new CrawlOutput(dir, used, options.append ?? false);
  }

  async write(doc: Document): Promise<string> {
    let file = fileNameFor(doc.metadata.url);
    for (let n = 2; this.used.has(file); n++) file = file.replace(/(_\d+)?\.md$/, `_${n}.md`);
    this.used.add(file);
    const path = join(this.dir, file);
    await mkdir(dirname(path), { recursive: true });
    // A text file ends with a newline (POSIX's definition of a line; `cat`, `wc -l` and diffs expect it).
    const markdown = doc.markdown ?? '';
    await writeFile(path, frontMatter(doc) + markdown + (markdown.endsWith('\n') ? '' : '\n'), 'utf8');
    const { markdown: _markdown, html: _html, rawHtml: _rawHtml, links: _links, ...rest } = doc;
    this.index.write(`${JSON.stringify({ file, url: doc.metadata.url, ...rest })}\n`);
    return file;
  }

  /** A page that failed: no file, its error in index.jsonl. */
  writeError(entry: ErrorEntry): void {
    this.index.write(`${JSON.stringify({ url: entry.url, error: entry.error, ...(entry.code ? { code: entry.code } : {}) })}\n`);
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.index.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

async function filesListed(indexPath: string): Promise<Set<string>> {
  const text = await readFile(indexPath, 'utf8').catch(() => '');
  const files = new Set<string>();
  for (const line of text.split('\n')) {
    try {
      const file = (JSON.parse(line) as { file?: unknown }).file;
      if (typeof file === 'string') files.add(file);
    } catch {
      // a line cut short by a crash: nothing to keep from it
    }
  }
  return files;
}
