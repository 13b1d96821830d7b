/**
 * A multipart/form-data upload read as it arrives (busboy), its file part written to a temporary
 * file and cut at `maxFileBytes` (PAYLOAD_TOO_LARGE), its text fields kept up to `maxFieldBytes`:
 * the body is never held whole, and no parser runs over all of it at once on the event loop.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { badRequest, codedError } from './api-error.js';
import type { NodeRequest } from './types.js';

export interface UploadedFile {
  /** Where the file's bytes are, until `discard()`. */
  path: string;
  name: string;
  /** The type the uploader gave (may be empty). */
  type: string;
  size: number;
}

export interface MultipartUpload {
  /** The file part named `fileField`, if one came. */
  file: UploadedFile | undefined;
  /** Text fields by name (the first of each). */
  fields: Map<string, string>;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

export interface MultipartLimits {
  fileField: string;
  maxFileBytes: number;
  maxFieldBytes: number;
  /** Says how large the file may be, for the 413's message. */
  tooLargeMessage: (name: string) => string;
}

export async function readMultipartUpload(req: NodeRequest, limits: MultipartLimits): Promise<MultipartUpload> {
  const dir = await mkdtemp(join(tmpdir(), 'trawl-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const upload = await receive(req, limits, dir);
    return { ...upload, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

function receive(req: NodeRequest, limits: MultipartLimits, dir: string): Promise<Omit<MultipartUpload, 'discard'>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: limits.maxFileBytes, fields: 20, fieldSize: limits.maxFieldBytes, parts: 40 },
      });
    } catch {
      return reject(unreadable());
    }
    const fields = new Map<string, string>();
    let file: UploadedFile | undefined;
    let writing: Promise<unknown> = Promise.resolve();
    let fileStream: (NodeJS.ReadableStream & { destroy(): void }) | undefined;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      // Stop reading; the answer tells the client, and the connection closes after it.
      req.unpipe(parser);
      req.resume();
      // The file part will get no more bytes: end its write (its file goes with the directory).
      fileStream?.destroy();
      reject(error);
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        return fail(badRequest([{ code: 'field_too_large', message: `the "${name}" part is too large`, path: [name] }]));
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      if (name !== limits.fileField || file) {
        stream.resume();
        return;
      }
      const entry: UploadedFile = { path: join(dir, randomUUID()), name: info.filename ?? '', type: info.mimeType ?? '', size: 0 };
      file = entry;
      fileStream = stream;
      stream.on('data', (chunk: Buffer) => (entry.size += chunk.length));
      stream.on('limit', () => fail(codedError('PAYLOAD_TOO_LARGE', limits.tooLargeMessage(entry.name))));
      writing = pipeline(stream, createWriteStream(entry.path)).catch((error: Error) => fail(error));
    });
    parser.on('error', () => fail(unreadable()));
    parser.on('close', () => {
      void writing.then(() => {
        if (settled) return;
        settled = true;
        resolve({ file, fields });
      });
    });
    if (req.readableEnded || !req.readable) {
      // A framework read the stream: only raw bytes it kept can be used.
      const body = (req as { body?: unknown }).body;
      if (Buffer.isBuffer(body)) return void parser.end(body);
      return reject(
        codedError(
          'BAD_REQUEST',
          'The request body was already read by another middleware; mount Trawl before body parsers for multipart uploads',
        ),
      );
    }
    req.on('close', () => {
      if (!req.complete) fail(new Error('The client closed the connection before sending the whole body'));
    });
    req.pipe(parser);
  });
}

function unreadable(): Error {
  return badRequest(
    [{ code: 'invalid_multipart', message: 'the multipart body cannot be read', path: [] }],
    'Bad Request: the multipart body cannot be read',
  );
}
