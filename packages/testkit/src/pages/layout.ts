const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
}

/** A plain, valid HTML5 page; `body` is trusted markup. */
export function simplePage(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}</head>
<body>
${body}
</body>
</html>
`;
}

export function linkList(links: readonly { href: string; text: string }[]): string {
  const items = links.map(({ href, text }) => `  <li><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></li>`);
  return `<ul>\n${items.join('\n')}\n</ul>`;
}
