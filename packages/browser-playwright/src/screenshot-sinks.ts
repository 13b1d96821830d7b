import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { ScreenshotImage, ScreenshotSink } from '@trawl/core';

/** The default: the image travels inside the Document as a `data:` URL. */
export const dataUrlScreenshots: ScreenshotSink = {
  async store(image: ScreenshotImage) {
    return `data:${image.mimeType};base64,${Buffer.from(image.data).toString('base64')}`;
  },
};

export interface FileScreenshotSinkOptions {
  /** Where the image files (PNG, or JPEG when a quality was asked for) and `pdf` actions' prints go (created when missing). */
  directory: string;
  /** The public URL the directory is served at, e.g. `https://trawl.example.com/screenshots`. */
  baseUrl: string;
  /** Files older than this are deleted as new ones arrive (default 24 h, like job results). */
  maxAgeMs?: number;
}

export interface FileScreenshotSink extends ScreenshotSink {
  /** A node:http / Express handler that serves the stored images; mount it at `baseUrl`'s path. */
  serve(req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  /** Deletes files older than `maxAgeMs`; returns how many went. */
  prune(): Promise<number>;
}

const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|pdf)$/;
const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' } as const;
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' };
const PRUNE_EVERY = 100;

/** Stores screenshots as files named by random UUIDs and serves them back. */
export function fileScreenshotSink(options: FileScreenshotSinkOptions): FileScreenshotSink {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const maxAgeMs = options.maxAgeMs ?? 24 * 60 * 60 * 1000;
  let stored = 0;
  let ready: Promise<unknown> | undefined;

  const prune = async () => {
    let removed = 0;
    const cutoff = Date.now() - maxAgeMs;
    for (const name of await readdir(options.directory).catch(() => [] as string[])) {
      if (!FILE_NAME.test(name)) continue;
      const path = join(options.directory, name);
      const info = await stat(path).catch(() => undefined);
      if (
        info &&
        info.mtimeMs < cutoff &&
        (await unlink(path).then(
          () => true,
          () => false,
        ))
      )
        removed++;
    }
    return removed;
  };

  return {
    async store(image) {
      ready ??= mkdir(options.directory, { recursive: true });
      await ready;
      const name = `${randomUUID()}.${EXTENSIONS[image.mimeType]}`;
      await writeFile(join(options.directory, name), image.data);
      if (++stored % PRUNE_EVERY === 0) void prune();
      return `${baseUrl}/${name}`;
    },
    prune,
    serve(req, res, next) {
      const name = decodeURIComponent((req.url ?? '').split('?')[0]!.split('/').pop() ?? '');
      const extension = FILE_NAME.exec(name)?.[1];
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !extension) return notFound(res, next);
      const path = join(options.directory, name);
      stat(path).then(
        (info) => {
          res.writeHead(200, {
            'content-type': CONTENT_TYPES[extension],
            'content-length': info.size,
            'cache-control': 'private, max-age=86400',
          });
          if (req.method === 'HEAD') return void res.end();
          createReadStream(path)
            .on('error', () => res.destroy())
            .pipe(res);
        },
        () => notFound(res, next),
      );
    },
  };
}

function notFound(res: ServerResponse, next?: (error?: unknown) => void): void {
  if (next) return next();
  res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
}
