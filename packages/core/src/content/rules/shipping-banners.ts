import { removeLabelBlocks } from './label-blocks.js';

/**
 * The whole text of a shop's free-shipping offer, with the threshold that makes it a banner:
 * "Free shipping on orders over $75", "Free Shipping on Domestic Orders $75+", "Spend $65 to get
 * free shipping", "$150+ Free Shipping". A product's own "Free shipping" line has no threshold.
 */
const SHIPPING_OFFER =
  /^(?=.*\bfree (?:standard )?(?:shipping|delivery)\b)(?=.*(?:\bover\b|\babove\b|\bspend\b|\d\s*\+|\+\s*\d|\borders? (?:of|from)\b)).{0,70}$/i;
/** The small blocks such a banner sits in; a heading is a section's title. */
const BANNER_CANDIDATE = 'div, span, p, li, a, strong, b, small';
/** A banner is a line of text, never a block holding media or a heading. */
const KEPT_INSIDE = 'img, picture, video, h1, h2, h3, h4, h5, h6';

/**
 * Removes a shop's free-shipping threshold banners ("Free shipping on orders over $75") from a
 * product or category page: the shop's terms, repeated on every page, not the product's. Found
 * by their whole text in blocks of at most two levels. Returns how many went.
 */
export function removeShippingBanners(root: Element): number {
  return removeLabelBlocks(root, {
    candidates: BANNER_CANDIDATE,
    keptInside: KEPT_INSIDE,
    maxChars: 70,
    isLabel: (text) => SHIPPING_OFFER.test(text),
  });
}
