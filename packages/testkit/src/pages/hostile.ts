import { simplePage } from './layout.js';

/** Tags a nested page can be built of; `table` nests `<table><tr><td>` per level. */
export type NestedTag = 'div' | 'span' | 'b' | 'table';

/** Text the hostile pages carry, so a test can tell their content survived conversion. */
export const hostilePhrases = {
  /** At the bottom of the nesting of a nested-tags page. */
  deepest: 'The bottom of the nesting',
  /** After the last anchor of the unclosed-anchors page. */
  afterAnchors: 'After the anchors',
};

/** `depth` levels of `tag`, each opened with a word of text, `hostilePhrases.deepest` at the bottom. */
export function nestedTagsPage(tag: NestedTag, depth: number): string {
  const open = tag === 'table' ? '<table><tr><td>' : `<${tag}>`;
  const close = tag === 'table' ? '</td></tr></table>' : `</${tag}>`;
  const levels: string[] = [];
  for (let i = 0; i < depth; i++) levels.push(`${open}L${i} `);
  return simplePage(
    `${depth} nested ${tag}`,
    `<h1>Nested ${tag}</h1>\n${levels.join('')}<p>${hostilePhrases.deepest}</p>${close.repeat(depth)}`,
  );
}

/** `n` anchors that are never closed, to `/limits/link/0`..: a parser without HTML's rules nests them n deep. */
export function unclosedAnchorsPage(n: number): string {
  const anchors: string[] = [];
  for (let i = 0; i < n; i++) anchors.push(`<a href="/limits/link/${i}">anchor ${i} `);
  return simplePage(
    `${n} unclosed anchors`,
    `<h1>Unclosed anchors</h1>\n<p>${anchors.join('')}</p>\n<p>${hostilePhrases.afterAnchors}</p>`,
  );
}

/**
 * `n` distinct links in as few bytes as HTML allows (`<a href=N></a>` under `<base href="/limits/link/">`):
 * a million of them is about 19 MB, just inside the engine's 20 MiB body cap.
 */
export function manyShortLinksPage(n: number): string {
  const anchors: string[] = [];
  for (let i = 0; i < n; i++) anchors.push(`<a href=${i}></a>`);
  return simplePage(`${n} links`, `<h1>${n} links</h1>\n${anchors.join('')}`, '<base href="/limits/link/">\n');
}
