import { removeLabelBlocks } from './label-blocks.js';

/**
 * The whole text of a merchandising badge a shop pins on a product card or photo: "Top Rated",
 * "Best Seller", "New", "Just In", "Award Winner", "Last Chance", "Online Only"… Not "Sale" or
 * "Sold out": some shops' cards say them in their own line of text, which readers keep.
 */
const BADGE =
  /^(?:best[ -]?sellers?|#?\d+ best[ -]?seller|new!?|new arrivals?|just in|top rated|highly rated|last chance|award winner|limited edition|exclusive|online only|low stock|new colou?rs?|trending|staff pick|back in stock|selling fast|almost gone)$/i;
/** The small blocks a badge's text sits in; a heading is a section's title, not a badge. */
const BADGE_CANDIDATE = 'div, span, p, li, strong, b, em, small, mark';
/** A badge is a label, never a block holding media or other blocks. */
const KEPT_INSIDE = 'img, picture, video, svg, a, h1, h2, h3, h4, h5, h6';

/**
 * Removes the merchandising badges on a shop's product cards: a label whose whole text is a
 * badge word, pinned on a card's photo or above its name. They say how the shop ranks the
 * product, not what it is, and on WCXB's category pages the gold texts leave them out (222
 * badge lines in Trawl's collection Markdown, 21 in the golds, measured 2026-11-28). Found by
 * their whole text, in blocks of at most two levels, since themes name them every way
 * (`badge`, `flag`, `ribbon`, `tag`, `label` or nothing). Returns how many went.
 */
export function removeCardBadges(root: Element): number {
  return removeLabelBlocks(root, {
    candidates: BADGE_CANDIDATE,
    keptInside: KEPT_INSIDE,
    maxChars: 30,
    isLabel: (text) => BADGE.test(text),
  });
}
