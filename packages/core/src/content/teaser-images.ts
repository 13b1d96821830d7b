import { hasText, textLengthUpTo } from './text.js';

/** How far up an image's teaser is looked for: a thumbnail sits in a link, a figure, a card. */
const MAX_TEASER_DEPTH = 4;
/** A teaser is short: more text than this is a section of the page, not one item's teaser. */
const MAX_TEASER_CHARS = 400;

/**
 * Empties the alt text of images in teasers that carry their own text: on a listing, every
 * item's thumbnail is described ("Mona floating among green cubes…") beside the item's title and
 * summary, which say what the item is; on a collection, every product photo beside its name. The
 * teaser is the image's nearest ancestor with text, found within a few levels, so teasers count
 * whatever markup the list uses (`findCardGrids` needs alike siblings; news fronts and shop grids
 * mix card shapes). The image stays.
 */
export function quietTeaserImages(root: Element): void {
  for (const image of Array.from(root.querySelectorAll('img[alt]'))) {
    if (!image.getAttribute('alt')) continue;
    let teaser = image.parentElement;
    for (let depth = 1; teaser && teaser !== root && depth < MAX_TEASER_DEPTH && !hasText(teaser); depth++) teaser = teaser.parentElement;
    if (teaser && teaser !== root && hasText(teaser) && textLengthUpTo(teaser, MAX_TEASER_CHARS) <= MAX_TEASER_CHARS)
      image.setAttribute('alt', '');
  }
}
