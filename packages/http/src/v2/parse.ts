import { readFile } from 'node:fs/promises';
import { parse } from '@trawl/core';
import { spendCredits } from '@trawl/core/server';
import { badRequest } from '../transport/api-error.js';
import { assertJsonDepth } from '../transport/json-depth.js';
import { readMultipartUpload } from '../transport/multipart-upload.js';
import { pageCost } from '../limits/credits.js';
import { v2ParseOptionsSchema } from '../schemas/v2-parse.js';
import { planV2Scrape } from './scrape-plan.js';
import { toV2Document } from './v2-document.js';
import { parseV2Body } from '../routes/parse-v2-body.js';
import type { RouteHandler } from '../routes/types.js';

/** The `options` part is JSON of a few options: a megabyte is plenty. */
const MAX_OPTIONS_BYTES = 1024 * 1024;

/**
 * `POST /v2/parse`: a file uploaded as multipart/form-data (`file`, and `options` as JSON, the
 * 4.x SDK's `parse()`), converted like a scraped document. The upload waits its turn (a team's
 * uploads a few at a time, `ApiContext.uploads`), is read as it arrives into a temporary file cut
 * at the server's limit (413 past it), and is converted in the conversion pool, never on the
 * event loop. A type Trawl cannot read is a 415.
 */
export const v2Parse: RouteHandler = async (request, api) => {
  const contentType = request.req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw badRequest(
      [{ code: 'invalid_content_type', message: 'send the file as multipart/form-data with a "file" part', path: [] }],
      'Bad Request: /v2/parse takes a multipart/form-data upload with a "file" part',
    );
  }
  const leave = await api.uploads.enter(request.teamId, request.signal);
  try {
    const upload = await readMultipartUpload(request.req, {
      fileField: 'file',
      maxFileBytes: api.parseMaxBytes,
      maxFieldBytes: MAX_OPTIONS_BYTES,
      tooLargeMessage: (name) =>
        `${name || 'The file'} is larger than ${Math.round(api.parseMaxBytes / 1024 / 1024)} MB, the largest file this server parses`,
    });
    try {
      const { file } = upload;
      if (!file) {
        throw badRequest(
          [{ code: 'missing_file', message: 'the "file" part is missing', path: ['file'] }],
          'Bad Request: the "file" part is missing',
        );
      }
      const options = parseV2Body(v2ParseOptionsSchema, readOptions(upload.fields.get('options')));
      const { scrapeOptions, shaping } = planV2Scrape(options);
      // Read back off the event loop (libuv's threads); the bytes then move to a conversion thread.
      const bytes = new Uint8Array(await readFile(file.path));
      await upload.discard();
      const document = await spendCredits(api.runtime.store.teams, request.account, pageCost(scrapeOptions), () =>
        parse(bytes, {
          ...scrapeOptions,
          fileName: file.name || 'upload',
          ...(file.type && file.type !== 'application/octet-stream' ? { contentType: file.type } : {}),
          maxBytes: api.parseMaxBytes,
          runtime: api.runtime,
          signal: request.signal,
        }),
      );
      return { body: { success: true, data: toV2Document(document, shaping) } };
    } finally {
      await upload.discard();
    }
  } finally {
    leave();
  }
};

function readOptions(part: string | undefined): unknown {
  if (part === undefined) return {};
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
