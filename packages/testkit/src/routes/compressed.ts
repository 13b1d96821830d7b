import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { phrases } from '../phrases.js';
import { simplePage } from '../pages/layout.js';
import { HTML, send } from '../server/respond.js';
import type { Route } from '../server/router.js';

function compressedPage(encoding: string): string {
  return simplePage(`Compressed with ${encoding}`, `<h1>Compressed with ${encoding}</h1>\n<p>${phrases.compressed} (${encoding}).</p>`);
}

const ENCODERS: Record<string, (input: Buffer) => Buffer> = {
  gzip: (input) => gzipSync(input),
  br: (input) => brotliCompressSync(input),
  deflate: (input) => deflateSync(input),
};

/** Sent compressed whatever the request's Accept-Encoding says, as some real servers do. */
export function compressedRoutes(): Route[] {
  return Object.entries(ENCODERS).map(([encoding, encode]) => {
    const body = encode(Buffer.from(compressedPage(encoding), 'utf8'));
    return {
      path: `/compressed/${encoding}`,
      handle: ({ res }) => send(res, 200, HTML, body, { 'content-encoding': encoding, vary: 'Accept-Encoding' }),
    };
  });
}
