import { zipArchive } from '@trawl/testkit';
import { parseHTML } from 'linkedom';

/**
 * A Word document written from HTML, as a word processor would save the same content: headings
 * as Heading styles, paragraphs, bulleted and numbered lists, tables and hyperlinks; images and
 * inline formatting are left out. For the document benchmark only.
 */
export function htmlToDocx(html: string, title: string): Buffer {
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`);
  const links: string[] = [];
  const body: string[] = [];
  const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const run = (text: string) => (text ? `<w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r>` : '');

  const inline = (node: Node): string => {
    let out = '';
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) out += run((child.textContent ?? '').replace(/\s+/g, ' '));
      else if (child.nodeType === 1) {
        const element = child as Element;
        const tag = element.tagName.toLowerCase();
        if (tag === 'br') out += '<w:r><w:br/></w:r>';
        else if (tag === 'img' || tag === 'script' || tag === 'style') continue;
        else if (tag === 'a' && /^https?:/.test(element.getAttribute('href') ?? '')) {
          links.push(element.getAttribute('href')!);
          out += `<w:hyperlink r:id="rIdLink${links.length}">${inline(element)}</w:hyperlink>`;
        } else out += inline(element);
      }
    }
    return out;
  };
  const paragraph = (inner: string, properties = '') => (inner ? `<w:p><w:pPr>${properties}</w:pPr>${inner}</w:p>` : '');

  const block = (node: Element): void => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        if ((child.textContent ?? '').trim()) body.push(paragraph(run(child.textContent!.trim())));
        continue;
      }
      if (child.nodeType !== 1) continue;
      const element = child as Element;
      const tag = element.tagName.toLowerCase();
      const heading = /^h([1-6])$/.exec(tag);
      if (heading) body.push(paragraph(inline(element), `<w:pStyle w:val="Heading${heading[1]}"/>`));
      else if (tag === 'p' || tag === 'pre') body.push(paragraph(inline(element)));
      else if (tag === 'ul' || tag === 'ol') {
        for (const item of Array.from(element.children).filter((li) => li.tagName.toLowerCase() === 'li')) {
          body.push(paragraph(inline(item), `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${tag === 'ul' ? 1 : 2}"/></w:numPr>`));
        }
      } else if (tag === 'table') {
        const rows = Array.from(element.querySelectorAll('tr')).map(
          (row) =>
            `<w:tr>${Array.from(row.children)
              .map((cell) => `<w:tc>${paragraph(inline(cell)) || '<w:p/>'}</w:tc>`)
              .join('')}</w:tr>`,
        );
        if (rows.length) body.push(`<w:tbl>${rows.join('')}</w:tbl>`);
      } else if (tag === 'img' || tag === 'script' || tag === 'style') continue;
      else if (element.querySelector('p,h1,h2,h3,h4,h5,h6,ul,ol,table,div,section,article,blockquote,figure,pre')) block(element);
      else body.push(paragraph(inline(element)));
    }
  };
  block(document.body as unknown as Element);

  const W =
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const rels = [
    '<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>',
    '<Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>',
    ...links.map(
      (href, i) =>
        `<Relationship Id="rIdLink${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${xml(href)}" TargetMode="External"/>`,
    ),
  ];
  return zipArchive([
    {
      path: '[Content_Types].xml',
      data: `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    {
      path: '_rels/.rels',
      data: `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    },
    { path: 'word/document.xml', data: `${head}<w:document ${W}><w:body>${body.join('')}</w:body></w:document>` },
    {
      path: 'word/styles.xml',
      data: `${head}<w:styles ${W}>${[1, 2, 3, 4, 5, 6].map((n) => `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/></w:style>`).join('')}</w:styles>`,
    },
    {
      path: 'word/numbering.xml',
      data: `${head}<w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>`,
    },
    {
      path: 'word/_rels/document.xml.rels',
      data: `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
    },
    {
      path: 'docProps/core.xml',
      data: `${head}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${xml(title)}</dc:title></cp:coreProperties>`,
    },
  ]);
}
