/**
 * A table without a header row (no `<thead>`, no row of `<th>`): the GFM rules give it an empty
 * header (`|     |     |` over `| --- |`) so the Markdown stays a valid table, which leaves the
 * real column names as the first body row. Its first row is promoted to the header instead. Pure.
 */
const EMPTY_HEADER = /^\|(?: {5}\|)+$/;
const DIVIDER = /^\|(?: :?-{3,}:? \|)+$/;

export function promoteFirstRow(tableMarkdown: string): string {
  const lines = tableMarkdown.split('\n');
  const at = lines.findIndex((line, index) => EMPTY_HEADER.test(line) && DIVIDER.test(lines[index + 1] ?? ''));
  const first = lines[at + 2];
  if (at < 0 || !first?.startsWith('|')) return tableMarkdown;
  lines.splice(at, 3, first, lines[at + 1]!);
  return lines.join('\n');
}
