import { partText, type ZipLimits } from './bounded-zip.js';
import { documentUnreadable } from './document-errors.js';
import { boundedArchive } from './office-archive.js';
import type { DocumentReading } from './reading.js';
import { coreProperty, parseXml } from './xml.js';

/**
 * A Word document through mammoth into HTML (headings from the Heading styles, lists, tables,
 * links, images' alt text), which the Markdown converter then reads like a web page. Images
 * become their alt text only: their bytes are never read.
 */
export async function readDocx(name: string, body: Uint8Array, limits?: ZipLimits): Promise<DocumentReading> {
  const { parts, archive } = boundedArchive(name, body, limits);
  if (!parts.has('word/document.xml')) throw documentUnreadable(name, 'it has no word/document.xml part');
  const mammoth = (await import('mammoth')).default;
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength) },
      // An embedded image has no URL: an empty data: URL carries its alt text, and the Markdown
      // converter writes it as Firecrawl writes a base64 image (<Base64-Image-Removed> by default).
      { convertImage: mammoth.images.imgElement(async (image) => ({ src: `data:${image.contentType};base64,` })) },
    );
    html = promoteHeaderRows(result.value);
  } catch (error) {
    throw documentUnreadable(
      name,
      `the Word document is damaged (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`,
      error,
    );
  }
  const core = parseXmlSafe(partText(parts, 'docProps/core.xml'));
  const title = coreProperty(core, 'dc:title');
  const author = coreProperty(core, 'dc:creator');
  const description = coreProperty(core, 'dc:description');
  return {
    format: 'docx',
    parts: [html],
    ...(title ? { title } : {}),
    ...(author ? { author } : {}),
    ...(description ? { description } : {}),
    extra: {},
    warnings: [],
  };
}

/**
 * Word tables have no header cells, and a Markdown table needs a header row: the first row of
 * each table becomes it (as a sheet's first row does), instead of an empty one.
 */
export function promoteHeaderRows(html: string): string {
  return html.replace(
    /<table>(\s*(?:<tbody>)?\s*)<tr>([\s\S]*?)<\/tr>/g,
    (_, open: string, cells: string) => `<table>${open}<tr>${cells.replace(/<td(\s|>)/g, '<th$1').replace(/<\/td>/g, '</th>')}</tr>`,
  );
}

export function parseXmlSafe(text: string | undefined) {
  if (!text) return undefined;
  try {
    return parseXml(text);
  } catch {
    return undefined;
  }
}
