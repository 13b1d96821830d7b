import { partText, type ZipLimits, unzipBounded } from './bounded-zip.js';
import { documentUnreadable } from './document-errors.js';
import { parseXmlSafe } from './docx.js';
import { escapeHtml, tableHtml } from './html-text.js';
import type { DocumentReading } from './reading.js';
import { type Slide, slidesHtml } from './slides.js';
import { relationshipTargets } from './xlsx.js';
import { child, coreProperty, descendants, type XmlElement } from './xml.js';

/**
 * A PowerPoint file (PPTX): slides in the presentation's order, each one's title placeholder as
 * its heading, body placeholders as lists, other text boxes as paragraphs, tables as tables,
 * links kept. Speaker notes, pictures and charts are left out.
 */
export function readPptx(name: string, body: Uint8Array, limits?: ZipLimits): DocumentReading {
  const parts = unzipBounded(name, body, (path) => path.startsWith('ppt/') || path === 'docProps/core.xml', limits);
  const presentation = parseXmlSafe(partText(parts, 'ppt/presentation.xml'));
  if (!presentation) throw documentUnreadable(name, 'it has no readable ppt/presentation.xml part');
  const targets = relationshipTargets(parseXmlSafe(partText(parts, 'ppt/_rels/presentation.xml.rels')));
  const slidePaths = descendants(presentation, 'p:sldId').map((slide) => `ppt/${targets.get(slide.getAttribute('r:id') ?? '') ?? ''}`);
  const slides: Slide[] = slidePaths.map((path) => {
    const xml = parseXmlSafe(partText(parts, path));
    const file = path.slice(path.lastIndexOf('/') + 1);
    const links = relationshipTargets(parseXmlSafe(partText(parts, `${path.slice(0, path.lastIndexOf('/'))}/_rels/${file}.rels`)));
    return xml ? slide(xml, links) : { body: '' };
  });
  const core = parseXmlSafe(partText(parts, 'docProps/core.xml'));
  const title = coreProperty(core, 'dc:title');
  const author = coreProperty(core, 'dc:creator');
  return {
    format: 'pptx',
    parts: [slidesHtml(slides)],
    ...(title ? { title } : {}),
    ...(author ? { author } : {}),
    extra: { slides: slides.length },
    warnings: [],
  };
}

function slide(xml: XmlElement, links: Map<string, string>): Slide {
  let title: string | undefined;
  const body: string[] = [];
  const tree = descendants(xml, 'p:spTree')[0];
  for (const shape of tree ? shapes(tree) : []) {
    if (shape.tagName === 'p:graphicFrame') {
      const table = descendants(shape, 'a:tbl')[0];
      if (table)
        body.push(
          tableHtml(descendants(table, 'a:tr').map((row) => descendants(row, 'a:tc').map((cell) => paragraphs(cell, links).join(' ')))),
        );
      continue;
    }
    const placeholder = descendants(shape, 'p:ph')[0];
    const type = placeholder?.getAttribute('type');
    const texts = paragraphs(shape, links).filter((text) => text.trim());
    if (!texts.length) continue;
    if ((type === 'title' || type === 'ctrTitle') && !title) title = texts.join(' ').replace(/<[^>]+>/g, '');
    else if (placeholder && (type === null || type === 'body' || type === 'obj'))
      body.push(`<ul>${texts.map((text) => `<li>${text}</li>`).join('')}</ul>`);
    else body.push(...texts.map((text) => `<p>${text}</p>`));
  }
  return { ...(title ? { title } : {}), body: body.join('\n') };
}

/** Shapes in drawing order, groups opened. */
function shapes(tree: XmlElement): XmlElement[] {
  return Array.from(tree.children).flatMap((node) =>
    node.tagName === 'p:grpSp' ? shapes(node) : node.tagName === 'p:sp' || node.tagName === 'p:graphicFrame' ? [node] : [],
  );
}

/** Each `a:p` of a shape as inline HTML: runs, breaks and links. */
function paragraphs(shape: XmlElement, links: Map<string, string>): string[] {
  const body = child(shape, 'p:txBody') ?? child(shape, 'a:txBody') ?? shape;
  return descendants(body, 'a:p').map((paragraph) =>
    Array.from(paragraph.children)
      .map((run) => {
        if (run.tagName === 'a:br') return '<br>';
        if (run.tagName !== 'a:r' && run.tagName !== 'a:fld') return '';
        const text = escapeHtml(
          descendants(run, 'a:t')
            .map((t) => t.textContent ?? '')
            .join(''),
        );
        const link = descendants(run, 'a:hlinkClick')[0]?.getAttribute('r:id');
        const href = link ? links.get(link) : undefined;
        return href ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
      })
      .join(''),
  );
}
