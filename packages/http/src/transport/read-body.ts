import { codedError, MESSAGES, type ApiError } from './api-error.js';
import { assertJsonDepth } from './json-depth.js';
import type { NodeRequest } from './types.js';

/** JSON bodies are accepted up to this size, as Firecrawl's body parser allows. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * The request's JSON body. A framework may have parsed it already (`express.json()` sets
 * `req.body`); otherwise the stream is read here. An empty body reads as `{}`, so validation
 * reports the missing fields.
 */
export async function readJsonBody(req: NodeRequest, maxBytes: number = MAX_BODY_BYTES): Promise<unknown> {
  // A consumed stream means a framework read it: use what it parsed (a body parser that skipped
  // the request, e.g. for its content type, leaves the stream unread and we parse it here).
  const body = req.readableEnded || !req.readable ? fromPreParsed(req.body) : parseJson(await readText(req, maxBytes));
  assertJsonDepth(body);
  return body;
}

function fromPreParsed(body: unknown): unknown {
  if (body === undefined) return {};
  if (Buffer.isBuffer(body)) return parseJson(body.toString('utf8'));
  if (typeof body === 'string') return parseJson(body);
  return body;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw codedError('BAD_REQUEST_INVALID_JSON', MESSAGES.invalidJson);
  }
}

async function readText(req: NodeRequest, maxBytes: number): Promise<string> {
  return (await readRawBody(req, maxBytes)).toString('utf8');
}

/** The request's body as bytes, at most `maxBytes` (past it, PAYLOAD_TOO_LARGE). */
function readRawBody(req: NodeRequest, maxBytes: number): Promise<Buffer> {
  if (req.readableEnded || !req.readable) {
    // A framework read the stream: only raw bytes it kept can be used.
    const body = (req as { body?: unknown }).body;
    if (Buffer.isBuffer(body)) return body.length > maxBytes ? Promise.reject(tooLarge(maxBytes)) : Promise.resolve(body);
    return Promise.reject(
      codedError(
        'BAD_REQUEST',
        'The request body was already read by another middleware; mount Trawl before body parsers for multipart uploads',
      ),
    );
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(tooLarge(maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        // Stop reading; the response tells the client, and the socket closes after it.
        req.resume();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    // A client that hangs up mid-body ends the read, so the request does not wait forever.
    const onClose = () => onError(new Error('The client closed the connection before sending the whole body'));
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

function tooLarge(maxBytes: number): ApiError {
  return codedError('PAYLOAD_TOO_LARGE', `Request body larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
}
