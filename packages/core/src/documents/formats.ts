/**
 * Which document format a response or an upload holds, from its magic bytes first and its
 * Content-Type (or file name) only where the bytes cannot tell: a PDF served as
 * application/octet-stream is still a PDF, and an HTML error page served as application/pdf is
 * not one.
 */
export type DocumentFormat = 'pdf' | 'docx' | 'odt' | 'xlsx' | 'ods' | 'csv' | 'pptx' | 'odp' | 'rtf';

export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['pdf', 'docx', 'odt', 'xlsx', 'ods', 'csv', 'pptx', 'odp', 'rtf'];

/** The media type each format is served and answered as. */
export const DOCUMENT_MEDIA_TYPES: Readonly<Record<DocumentFormat, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  csv: 'text/csv',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
};

const MEDIA_TYPE_FORMATS = new Map<string, DocumentFormat>([
  ...Object.entries(DOCUMENT_MEDIA_TYPES).map(([format, type]) => [type, format as DocumentFormat] as const),
  ['application/x-pdf', 'pdf'],
  ['text/rtf', 'rtf'],
  ['application/csv', 'csv'],
  ['text/comma-separated-values', 'csv'],
]);

/** Media types that name a document format we read, or a container whose bytes say which. */
function formatOfMediaType(mime: string): DocumentFormat | 'zip' | undefined {
  if (mime === 'application/zip' || mime === 'application/x-zip-compressed') return 'zip';
  return MEDIA_TYPE_FORMATS.get(mime);
}

const ZIP_FORMATS: ReadonlySet<DocumentFormat> = new Set(['docx', 'odt', 'xlsx', 'ods', 'pptx', 'odp']);

const EXTENSION_FORMATS = new Map<string, DocumentFormat>(DOCUMENT_FORMATS.map((format) => [`.${format}`, format]));

/** The media type without parameters, lower-cased. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The document format of `body`, or undefined when it is no document Trawl reads (HTML, text,
 * JSON, an image…). `fileName` (an upload's name, a URL's path) helps only for CSV, whose bytes
 * are plain text, and for a generic media type.
 */
export function detectDocumentFormat(contentType: string | undefined, body: Uint8Array, fileName?: string): DocumentFormat | undefined {
  const mime = mediaType(contentType);
  const declared = formatOfMediaType(mime);
  if (holdsPdfHeader(body)) return 'pdf';
  if (startsWith(body, '{\\rtf')) return 'rtf';
  const extension = fileName ? fileExtension(fileName) : undefined;
  // A ZIP whose parts do not say (cut short before its directory) is what its type or name says.
  if (startsWith(body, 'PK\u0003\u0004'))
    return zipFormat(body) ?? (declared && declared !== 'zip' ? declared : extension && ZIP_FORMATS.has(extension) ? extension : undefined);
  if (declared === 'csv') return 'csv';
  const generic = !mime || mime === 'application/octet-stream' || mime === 'text/plain';
  if (generic && extension === 'csv') return 'csv';
  return undefined;
}

/**
 * Whether the response claims a document format its bytes do not bear out (a truncated
 * download, an HTML error page served as application/pdf): such a page is an unreadable
 * document, not a web page.
 */
export function declaredDocumentFormat(contentType: string | undefined): DocumentFormat | undefined {
  const declared = formatOfMediaType(mediaType(contentType));
  return declared === 'zip' ? undefined : declared;
}

function fileExtension(name: string): DocumentFormat | undefined {
  const clean = name.split(/[?#]/)[0]!.toLowerCase();
  const dot = clean.lastIndexOf('.');
  return dot < 0 ? undefined : EXTENSION_FORMATS.get(clean.slice(dot));
}

/**
 * Office files are ZIP archives; the parts they hold say which. OpenDocument files start with
 * a stored `mimetype` entry naming their type; Office Open XML files hold `word/`, `xl/` or
 * `ppt/` parts, whose names stand in plain text in the archive's directory.
 */
function zipFormat(body: Uint8Array): DocumentFormat | undefined {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const head = bytes.subarray(0, 200).toString('latin1');
  if (head.includes('mimetypeapplication/vnd.oasis.opendocument.text')) return 'odt';
  if (head.includes('mimetypeapplication/vnd.oasis.opendocument.spreadsheet')) return 'ods';
  if (head.includes('mimetypeapplication/vnd.oasis.opendocument.presentation')) return 'odp';
  if (bytes.includes('word/document.xml', 0, 'latin1')) return 'docx';
  if (bytes.includes('xl/workbook.xml', 0, 'latin1')) return 'xlsx';
  if (bytes.includes('ppt/presentation.xml', 0, 'latin1')) return 'pptx';
  return undefined;
}

/** `%PDF-` within the first KB, where readers accept it (some writers put bytes before it). */
function holdsPdfHeader(body: Uint8Array): boolean {
  return Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 1024)).includes('%PDF-', 0, 'latin1');
}

function startsWith(body: Uint8Array, magic: string): boolean {
  if (body.byteLength < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (body[i] !== magic.charCodeAt(i)) return false;
  return true;
}
