import { removeLabelBlocks } from './label-blocks.js';

/**
 * The whole text of a gallery's position that names what it counts: "Image 1 of 5", "Photo 3/12",
 * "Slide 2 of 9" (Hearst prints "Image 1 of / 23"). A bare "1 of 8" could be a score or a table
 * cell; listing-controls takes those only off pages that are not articles.
 */
const NAMED_SLIDE_COUNTER = /^(?:image|photo|picture|slide|bild|foto|imagen|zdjęcie)\s*\d+\s*(?:of|\/|von|de|sur|z|di)\s*\/?\s*\d+$/iu;
/** Such a counter is a short line. */
const MAX_COUNTER_CHARS = 30;
/** A block holding media is the slide itself, not its counter. */
const KEPT_INSIDE = 'h1, img, picture, video, svg, iframe, figure';
const COUNTER_CANDIDATE = 'div, span, p, li, strong, b, small, em';

/** Removes a gallery's named position ("Image 1 of 5") on any page: a control, never content. Returns how many went. */
export function removeGalleryCounters(root: Element): number {
  return removeLabelBlocks(root, {
    candidates: COUNTER_CANDIDATE,
    keptInside: KEPT_INSIDE,
    maxChars: MAX_COUNTER_CHARS,
    isLabel: (text) => NAMED_SLIDE_COUNTER.test(text),
  });
}
