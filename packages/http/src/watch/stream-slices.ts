/**
 * A status stream's slices as the bytes it sends: each document's `{"type":"document","data":…}`
 * message, encoded once. The slices of a finished job never change, so they are kept in the
 * team's byte-bounded cache (team-byte-cache.ts) under the job, the view (v1 or v2 shape), the
 * slice size and the position: every stream of that job then sends the same buffers, and the store
 * read, the shaping and `JSON.stringify` happen once per slice, not once per stream.
 */
import { Buffer } from 'node:buffer';
import { isTerminal, readStatusPage } from '@trawl/core/server';
import type { Document } from '@trawl/core';
import type { JobRecord, Store } from '@trawl/core/ports';
import type { TeamByteCache } from './team-byte-cache.js';

export type StreamView = (documents: Document[], job: JobRecord) => unknown[];

export interface EncodedSlice {
  /** One `document` message per document, UTF-8 JSON, to send as text frames. */
  messages: Buffer[];
  /** Where the next slice starts; undefined when the job has no more for now (see readStatusPage). */
  next: number | undefined;
}

export interface SliceReaderOptions {
  store: Store;
  view: StreamView;
  /** Names the view in cache keys: the same job read in v1 and v2 shape gives different bytes. */
  viewName: string;
  /** Bytes of documents read from the store per slice (at least one document). */
  sliceBytes: number;
  cache: TeamByteCache<EncodedSlice>;
}

export type SliceReader = (job: JobRecord, skip: number) => Promise<EncodedSlice>;

const DOCUMENT_HEAD = '{"type":"document","data":';

export function createSliceReader(options: SliceReaderOptions): SliceReader {
  const { store, view, sliceBytes } = options;
  const encode = async (job: JobRecord, skip: number) => {
    const page = await readStatusPage(store, job, { skip, maxBytes: sliceBytes });
    const messages = view(page.documents, job).map((data) => Buffer.from(`${DOCUMENT_HEAD}${JSON.stringify(data)}}`));
    return { value: { messages, next: page.next }, bytes: messages.reduce((sum, message) => sum + message.length, 0) };
  };
  return (job, skip) => {
    // A job that was finished before its documents were read has all of them: they cannot change.
    if (!isTerminal(job.status)) return encode(job, skip).then(({ value }) => value);
    return options.cache.through(job.teamId, `${options.viewName}\n${job.id}\n${sliceBytes}\n${skip}`, () => encode(job, skip));
  };
}

/**
 * The `catchup` message around a slice's documents, `{type:"catchup", data:{…status, data:[…]}}`,
 * joined from the documents' cached bytes rather than serialised again.
 */
export function catchupMessage(status: object, slice: EncodedSlice): Buffer {
  const empty = JSON.stringify({ type: 'catchup', data: { ...status, data: [] } });
  // `empty` ends with the empty array and the two objects' ends: `[]}}`.
  const parts: Buffer[] = [Buffer.from(empty.slice(0, -3))];
  slice.messages.forEach((message, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(message.subarray(DOCUMENT_HEAD.length, message.length - 1));
  });
  parts.push(Buffer.from(']}}'));
  return Buffer.concat(parts);
}

const COMMA = Buffer.from(',');
