import { hasText, textLengthUpTo } from '../dom/text.js';

/** How far up an image's teaser is looked for: a thumbnail sits in a link, a figure, a card. */
const MAX_TEASER_DEPTH = 4;
/** A teaser is short: more text than this is a section of the page, not one item's teaser. */
const MAX_TEASER_CHARS = 400;
/** A card's own heading; an H1 is the page's, so a block holding it is the page (a short one), not a card. */
const CARD_HEADINGS = 'h2, h3, h4, h5, h6';

/**
 * Which teasers count: on listings and grids every one; elsewhere only cards with their own
 * heading (a teaser, a team member, a tile), where the heading names what the photo shows. A
 * link's or a gallery's short label ("Sale", "Click to zoom") says less than the alt text, and a
 * figure's caption is the page's own words beside its picture, so those keep their alt.
 */
export type TeaserScope = 'every teaser' | 'headed cards';

/**
 * Empties the alt text of images in teasers that carry their own text: on a listing, every
 * item's thumbnail is described ("Mona floating among green cubes…") beside the item's title and
 * summary, which say what the item is; on a collection, every product photo beside its name; on
 * any page, a card's or a tile's photo beside its heading. The teaser is the image's nearest
 * ancestor with text, found within a few levels, so teasers count whatever markup the list uses
 * (`findCardGrids` needs alike siblings; news fronts and shop grids mix card shapes). The image
 * stays.
 */
export function quietTeaserImages(root: Element, scope: TeaserScope = 'every teaser'): void {
  for (const image of Array.from(root.querySelectorAll('img[alt]'))) {
    if (!image.getAttribute('alt')) continue;
    if (scope === 'headed cards' && image.closest('figure')) continue;
    let teaser = image.parentElement;
    for (let depth = 1; teaser && teaser !== root && depth < MAX_TEASER_DEPTH && !hasText(teaser); depth++) teaser = teaser.parentElement;
    if (!teaser || teaser === root || !hasText(teaser) || textLengthUpTo(teaser, MAX_TEASER_CHARS) > MAX_TEASER_CHARS) continue;
    if (scope === 'headed cards' && (!teaser.querySelector(CARD_HEADINGS) || teaser.querySelector('h1'))) continue;
    image.setAttribute('alt', '');
  }
}
