import { declaredDocumentFormat, detectDocumentFormat } from '../documents/formats.js';

export type ContentKind = 'html' | 'json' | 'xml' | 'text' | 'document' | 'unsupported';

/**
 * Decides how to read a response from its Content-Type, sniffing the body when there is none.
 * A document (PDF, Office, CSV, RTF) is told by its magic bytes first, whatever the type says.
 */
export function contentKind(contentType: string | undefined, body: Uint8Array): ContentKind {
  if (detectDocumentFormat(contentType, body) || declaredDocumentFormat(contentType)) return 'document';
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!mime) return looksLikeHtml(body) ? 'html' : 'text';
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime === 'application/json' || mime === 'text/json' || mime.endsWith('+json')) return 'json';
  if (mime === 'application/xml' || mime === 'text/xml' || mime.endsWith('+xml')) return 'xml';
  if (mime.startsWith('text/')) return 'text';
  if (mime === 'application/octet-stream' && looksLikeHtml(body)) return 'html';
  return 'unsupported';
}

function looksLikeHtml(body: Uint8Array): boolean {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 512)).toString('latin1').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html') || /<(head|body|div|p)[\s>]/.test(head);
}
