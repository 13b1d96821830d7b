import { removeLabelBlocks } from './label-blocks.js';

/**
 * The whole text of a result count over a list: "Showing 1–24 of 310 results", "Loaded 24
 * results", "12 products", "Products (24)".
 */
const RESULT_COUNT =
  /^(?:(?:showing|displaying|viewing|loaded)\s+)?(?:\d[\d,.]*\s*(?:[-–—]|to)\s*)?\d[\d,.]*\s*(?:of\s+\d[\d,.]*\s*)?(?:results?|products?|items?|matches|listings)(?:\s+found)?$|^(?:products?|items?|results?)\s*\(\d[\d,.]*\)$/i;
/** A carousel's or a gallery's position ("1 of 8", "3 / 12"). */
const SLIDE_COUNTER = /^\d+\s*(?:of|\/)\s*\d+$/i;
/** The whole text of a sorting control ("Sort by: Best match", "Sorted by: Reset to default"). */
const SORT_CONTROL = /^sort(?:ed)?(?:\s+by)?\b\s*:?(?:\s+[\p{L}\p{N} &,-]{1,30})?$/iu;
/** The whole text of a filter toggle. */
const FILTER_CONTROL =
  /^(?:filters?|filter (?:&|and) sort|sort (?:&|and) filter|refine(?: by)?|clear(?: all)?(?: filters)?|(?:show|hide) filters)$/i;
/** Such a control is a short line; longer text mentioning results or sorting is prose. */
const MAX_CONTROL_CHARS = 60;
/** A block holding the H1 or media is more than its line of text (a gallery showing "1 of 8"). */
const KEPT_INSIDE = 'h1, img, picture, video, svg, iframe';
/** The small blocks a control's text sits in. */
const CONTROL_CANDIDATE = 'div, span, p, li, label, button, a, strong, b, h2, h3, h4, h5, h6, summary, legend';

/**
 * Magento's toolbar over and under a product list: its view modes ("View as Grid List"), result
 * count, sorter ("Set Descending Direction"), page-size picker ("Show 12 per page") and pages.
 * Controls only, and named so on every Magento shop, whose pieces say too little to be found by text.
 */
const MAGENTO_TOOLBAR = '.toolbar.toolbar-products';

/**
 * Removes the controls a list of results or a gallery carries around it: result counts, slide
 * counters, sorting and filter toggles. Sites name them in many ways (or not at all), so they
 * are found by their whole text, in blocks of at most two levels; a block holding the H1 or an
 * image stays. Returns how many went.
 */
export function removeListingControls(root: Element): number {
  const toolbars = Array.from(root.querySelectorAll(MAGENTO_TOOLBAR)).filter((toolbar) => !toolbar.querySelector(KEPT_INSIDE));
  for (const toolbar of toolbars) toolbar.remove();
  return (
    toolbars.length +
    removeLabelBlocks(root, {
      candidates: CONTROL_CANDIDATE,
      keptInside: KEPT_INSIDE,
      maxChars: MAX_CONTROL_CHARS,
      isLabel: (text) => RESULT_COUNT.test(text) || SLIDE_COUNTER.test(text) || SORT_CONTROL.test(text) || FILTER_CONTROL.test(text),
    })
  );
}
