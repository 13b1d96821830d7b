import { documentUnreadable } from './document-errors.js';
import { escapeHtml, tableHtml } from './html-text.js';
import type { DocumentReading } from './reading.js';

/** Destinations whose text is not the document's: font and colour tables, styles, pictures, headers… */
const SKIPPED = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'pict',
  'object',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'footnote',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'xmlnstbl',
  'pgdsctbl',
  'filetbl',
  'revtbl',
  'bkmkstart',
  'bkmkend',
]);
const INFO_FIELDS = new Set(['title', 'author', 'subject']);
/** Nesting past this is refused: RTF from a real editor stays far below it. */
const MAX_DEPTH = 200;

interface Group {
  skip: boolean;
  /** The info field (title, author) this group's text goes to. */
  info?: string;
  /** A field's instruction (HYPERLINK "…") is collected, not written. */
  instruction: boolean;
  result: boolean;
  unicodeSkip: number;
  outline?: number;
}

/**
 * RTF as HTML, read by a small tokenizer of its own (no well-kept RTF library exists on npm):
 * paragraphs, line breaks, tables (\cell, \row), headings from outline levels, hyperlink fields,
 * \'hh (Windows-1252) and \uN characters; fonts, colours, pictures and headers are left out.
 */
export function readRtf(name: string, body: Uint8Array): DocumentReading {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  if (!text.startsWith('{\\rtf')) throw documentUnreadable(name, 'it does not start with {\\rtf');
  const win1252 = new TextDecoder('windows-1252');
  const html: string[] = [];
  const info: Record<string, string> = {};
  let paragraph = '';
  let row: string[] = [];
  let rows: string[][] = [];
  let cell = '';
  let inTable = false;
  let outline: number | undefined;
  let instruction = '';
  let link: string | undefined;
  const stack: Group[] = [];
  let group: Group = { skip: false, instruction: false, result: false, unicodeSkip: 1 };
  let pendingSkip = 0;

  const write = (chunk: string) => {
    if (group.skip) return;
    if (group.info) {
      info[group.info] = (info[group.info] ?? '') + chunk;
      return;
    }
    if (group.instruction) {
      instruction += chunk;
      return;
    }
    const escaped = escapeHtml(chunk);
    if (inTable) cell += escaped;
    else paragraph += escaped;
  };
  let items: string[] = [];
  const flushList = () => {
    if (items.length) html.push(`<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`);
    items = [];
  };
  const flushTable = () => {
    if (!rows.length) return;
    flushList();
    html.push(tableHtml(rows));
    rows = [];
  };
  const endParagraph = () => {
    if (inTable) return;
    flushTable();
    const content = paragraph.trim();
    paragraph = '';
    // Word writes a bulleted list as paragraphs that start with a bullet.
    const bullet = /^[•·]\s*/.exec(content);
    if (bullet) {
      items.push(content.slice(bullet[0].length));
      return;
    }
    flushList();
    if (content)
      html.push(outline !== undefined ? `<h${Math.min(6, outline + 1)}>${content}</h${Math.min(6, outline + 1)}>` : `<p>${content}</p>`);
  };

  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '{') {
      if (stack.length >= MAX_DEPTH) throw documentUnreadable(name, `its groups nest deeper than ${MAX_DEPTH}`);
      stack.push(group);
      group = { ...group, instruction: group.instruction, result: false };
      delete group.info;
      i++;
      continue;
    }
    if (char === '}') {
      if (group.result && link !== undefined) {
        if (inTable) cell += '</a>';
        else paragraph += '</a>';
        link = undefined;
      }
      if (group.instruction && !stack[stack.length - 1]?.instruction) {
        const url = /HYPERLINK\s+"([^"]+)"/.exec(instruction)?.[1];
        link = url;
        instruction = '';
      }
      group = stack.pop() ?? group;
      i++;
      continue;
    }
    if (char === '\r' || char === '\n') {
      i++;
      continue;
    }
    if (char !== '\\') {
      if (pendingSkip > 0) pendingSkip--;
      else write(char);
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) break;
    if (next === "'") {
      const code = Number.parseInt(text.slice(i + 2, i + 4), 16);
      if (pendingSkip > 0) pendingSkip--;
      else if (Number.isFinite(code)) write(win1252.decode(new Uint8Array([code])));
      i += 4;
      continue;
    }
    if (!/[a-zA-Z]/.test(next)) {
      if (next === '*') group.skip = true;
      else if (next === '~') write('\u00a0');
      else if (next === '_') write('-');
      else if (next === '{' || next === '}' || next === '\\') write(next);
      else if (next === '\n' || next === '\r') endParagraph();
      i += 2;
      continue;
    }
    const match = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(text.slice(i + 1, i + 48))!;
    const whole = match[0];
    const word = match[1]!;
    const argument = match[2];
    i += 1 + whole.length;
    const value = argument === undefined ? undefined : Number(argument);
    if (word === 'fldinst') {
      group.instruction = true;
      group.skip = false;
      instruction = '';
    } else if (word === 'fldrslt') {
      group.skip = false;
      group.result = true;
      if (link !== undefined) {
        const open = `<a href="${escapeHtml(link)}">`;
        if (inTable) cell += open;
        else paragraph += open;
      }
    } else if (SKIPPED.has(word)) group.skip = true;
    else if (word === 'info') group.skip = false;
    else if (INFO_FIELDS.has(word)) group.info = word;
    else if (word === 'par' || word === 'sect' || word === 'page') endParagraph();
    else if (word === 'pard') {
      outline = undefined;
      inTable = false;
    } else if (word === 'outlinelevel') outline = value;
    else if (word === 'intbl') inTable = true;
    else if (word === 'cell') {
      row.push(cell.trim());
      cell = '';
    } else if (word === 'row') {
      rows.push(row);
      row = [];
      inTable = false;
    } else if (word === 'line') write('\n');
    else if (word === 'tab') write(' ');
    else if (word === 'uc') group.unicodeSkip = value ?? 1;
    else if (word === 'u' && value !== undefined) {
      write(String.fromCharCode(value < 0 ? value + 65536 : value));
      pendingSkip = group.unicodeSkip;
    } else if (word === 'emdash') write('—');
    else if (word === 'endash') write('–');
    else if (word === 'bullet') write('•');
    else if (word === 'lquote') write('‘');
    else if (word === 'rquote') write('’');
    else if (word === 'ldblquote') write('“');
    else if (word === 'rdblquote') write('”');
  }
  endParagraph();
  flushTable();
  flushList();
  const content = html.join('\n').replace(/\n(?=[^<])/g, '<br>');
  return {
    format: 'rtf',
    parts: [content],
    ...(info.title?.trim() ? { title: info.title.trim() } : {}),
    ...(info.author?.trim() ? { author: info.author.trim() } : {}),
    ...(info.subject?.trim() ? { description: info.subject.trim() } : {}),
    extra: {},
    warnings: [],
  };
}
