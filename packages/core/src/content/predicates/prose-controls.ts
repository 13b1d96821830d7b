import { textLengthUpTo } from '../dom/text.js';

/** Class or id words of a list's controls: filters, facets and refinements (see NON_ARTICLE_WORDS). */
const CONTROL_NAME = /(?:^|[\s_-])(?:filters?|facets?|refinements?)(?:$|[\s_-])/i;
/** A paragraph this long is prose: a filter panel's labels, counts and checkboxes never run so long. */
const MIN_PROSE_PARAGRAPH = 200;
/** Paragraphs looked at per block: a block of prose shows one early; a huge facet tree is not read whole. */
const MAX_PARAGRAPHS_READ = 20;

/**
 * A block named as a filter or facet that holds a paragraph of prose is not a list's controls:
 * page builders name their content rows by the component that made them (`facet-row-container`)
 * and themes reuse a filter panel's collapsible style for an FAQ's answers (`expandable-section
 * filters`). Its name should not take it.
 */
export function isProseNamedAsControls(element: Element, names: string): boolean {
  if (!CONTROL_NAME.test(names)) return false;
  const paragraphs = element.getElementsByTagName('p');
  const count = Math.min(paragraphs.length, MAX_PARAGRAPHS_READ);
  for (let index = 0; index < count; index++) {
    if (textLengthUpTo(paragraphs[index], MIN_PROSE_PARAGRAPH) >= MIN_PROSE_PARAGRAPH) return true;
  }
  return false;
}
