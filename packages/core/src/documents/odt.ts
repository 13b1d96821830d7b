import { partText, type ZipLimits, unzipBounded } from './bounded-zip.js';
import { documentUnreadable } from './document-errors.js';
import { odfBlocksHtml } from './odf-text.js';
import type { DocumentReading } from './reading.js';
import { coreProperty, descendants, parseXml, type XmlElement } from './xml.js';

/** The parts of an OpenDocument file the readers use: its content and its metadata. */
export function odfParts(name: string, body: Uint8Array, limits?: ZipLimits): { content: XmlElement; meta: XmlElement | undefined } {
  const parts = unzipBounded(name, body, (path) => path === 'content.xml' || path === 'meta.xml', limits);
  const text = partText(parts, 'content.xml');
  const content = text ? parseXml(text) : undefined;
  if (!content) throw documentUnreadable(name, 'it has no readable content.xml part');
  const metaText = partText(parts, 'meta.xml');
  return { content, meta: metaText ? parseXml(metaText) : undefined };
}

/** Title, author and description from an OpenDocument meta.xml. */
export function odfInfo(meta: XmlElement | undefined): Pick<DocumentReading, 'title' | 'author' | 'description'> {
  const title = coreProperty(meta, 'dc:title');
  const author = coreProperty(meta, 'dc:creator') ?? coreProperty(meta, 'meta:initial-creator');
  const description = coreProperty(meta, 'dc:description');
  return { ...(title ? { title } : {}), ...(author ? { author } : {}), ...(description ? { description } : {}) };
}

/** An OpenDocument text file (ODT) as HTML, through the same walker as slides' text boxes. */
export function readOdt(name: string, body: Uint8Array, limits?: ZipLimits): DocumentReading {
  const { content, meta } = odfParts(name, body, limits);
  const text = descendants(content, 'office:text')[0];
  if (!text) throw documentUnreadable(name, 'its content.xml holds no text body');
  return { format: 'odt', parts: [odfBlocksHtml(text)], ...odfInfo(meta), extra: {}, warnings: [] };
}
