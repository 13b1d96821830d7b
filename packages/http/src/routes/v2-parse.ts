import { parse, spendCredits } from '@trawl/core';
import { badRequest, codedError } from '../http/api-error.js';
import { assertJsonDepth } from '../http/json-depth.js';
import { readRawBody } from '../http/read-body.js';
import { pageCost } from '../limits/credits.js';
import { v2ParseOptionsSchema } from '../schemas/v2-parse.js';
import { planV2Scrape } from '../v2/scrape-plan.js';
import { toV2Document } from '../v2/v2-document.js';
import { parseV2Body } from './parse-v2-body.js';
import type { RouteHandler } from './types.js';

/** Room for the multipart framing and the options part around the file. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/**
 * `POST /v2/parse`: a file uploaded as multipart/form-data (`file`, and `options` as JSON, the
 * 4.x SDK's `parse()`), converted like a scraped document. A file over the server's limit is a
 * 413; a type Trawl cannot read, a 415.
 */
export const v2Parse: RouteHandler = async (request, api) => {
  const contentType = request.req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw badRequest(
      [{ code: 'invalid_content_type', message: 'send the file as multipart/form-data with a "file" part', path: [] }],
      'Bad Request: /v2/parse takes a multipart/form-data upload with a "file" part',
    );
  }
  const raw = await readRawBody(request.req, api.parseMaxBytes + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(new Blob([raw as Uint8Array<ArrayBuffer>]), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest(
      [{ code: 'invalid_multipart', message: 'the multipart body cannot be read', path: [] }],
      'Bad Request: the multipart body cannot be read',
    );
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') {
    throw badRequest(
      [{ code: 'missing_file', message: 'the "file" part is missing', path: ['file'] }],
      'Bad Request: the "file" part is missing',
    );
  }
  const options = parseV2Body(v2ParseOptionsSchema, readOptions(form.get('options')));
  if (file.size > api.parseMaxBytes) {
    throw codedError(
      'PAYLOAD_TOO_LARGE',
      `${file.name || 'The file'} is larger than ${Math.round(api.parseMaxBytes / 1024 / 1024)} MB, the largest file this server parses`,
    );
  }
  const { scrapeOptions, shaping } = planV2Scrape(options);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const document = await spendCredits(api.runtime.store.teams, request.account, pageCost(scrapeOptions), () =>
    parse(bytes, {
      ...scrapeOptions,
      fileName: file.name || 'upload',
      ...(file.type ? { contentType: file.type } : {}),
      maxBytes: api.parseMaxBytes,
      runtime: api.runtime,
      signal: request.signal,
    }),
  );
  return { body: { success: true, data: toV2Document(document, shaping) } };
};

function readOptions(part: FormDataEntryValue | null): unknown {
  if (part === null) return {};
  if (typeof part !== 'string') {
    throw badRequest(
      [{ code: 'invalid_options', message: 'options must be a JSON text part', path: ['options'] }],
      'Bad Request: options must be JSON',
    );
  }
  let options: unknown;
  try {
    options = part.trim() ? JSON.parse(part) : {};
  } catch {
    throw badRequest(
      [{ code: 'invalid_options', message: 'options is not valid JSON', path: ['options'] }],
      'Bad Request: options is not valid JSON',
    );
  }
  assertJsonDepth(options, 'The options part');
  return options;
}
