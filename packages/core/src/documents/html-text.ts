/** Text and attribute values escaped for the HTML the document converters write. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** A whole HTML page around converted content: its title and author become the Document's metadata. */
export function htmlPage(
  body: string,
  info: { title?: string | undefined; author?: string | undefined; description?: string | undefined },
): string {
  const head = [
    '<meta charset="utf-8">',
    info.title ? `<title>${escapeHtml(info.title)}</title>` : '',
    info.author ? `<meta name="author" content="${escapeHtml(info.author)}">` : '',
    info.description ? `<meta name="description" content="${escapeHtml(info.description)}">` : '',
  ].join('');
  return `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
}

/** A Markdown table cell's content is one line: the converters write rows as HTML tables. */
export function tableHtml(rows: readonly (readonly string[])[], header = true): string {
  if (!rows.length) return '';
  const [first, ...rest] = rows;
  const head = header ? `<thead><tr>${first!.map((cell) => `<th>${cell}</th>`).join('')}</tr></thead>` : '';
  const bodyRows = (header ? rest : rows).map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<table>${head}<tbody>${bodyRows}</tbody></table>`;
}
