import { removeLabelBlocks } from './label-blocks.js';

/**
 * The whole text of a price label written for screen readers only (Shopify's Dawn and its kin:
 * "Regular price", "Sale price", "Unit price", "per"). Themes that show such labels (Magento's
 * "Special Price … Regular Price") show them to every reader, and the golds keep those.
 */
const HIDDEN_PRICE_LABEL = /^(?:(?:regular|sale|unit|original) price:?|\/?\s*per)$/i;
/** The classes that hide an element from sight but not from screen readers. */
const SCREEN_READER_ONLY = /(?:^|\s)(?:visually-?hidden|sr-only|screen-reader-text)(?:\s|$)/i;
/**
 * The whole text of a shop theme's control around a product: "Compare" checkboxes, "Quick view"
 * buttons, wishlist links and the mini cart's "Your cart is empty".
 */
const SHOP_CONTROL = new RegExp(
  [
    '(?:add to )?compare(?: products?)?(?: \\(\\d+\\))?',
    'quick (?:view|shop|add|look)',
    '(?:add to|save to) (?:wish ?list|favou?rites)',
    'your (?:shopping )?(?:cart|bag|basket) is (?:currently )?empty\\.?',
  ]
    .map((pattern) => `^${pattern}$`)
    .join('|'),
  'i',
);
/** The small blocks such a control sits in; a heading is a section's title, not a control. */
const CONTROL_CANDIDATE = 'div, span, p, li, label, button, a, strong, b, small, s, del, dt';
/** A control is a label, never a block holding media or other blocks' text. */
const KEPT_INSIDE = 'img, picture, video, h1, h2, h3, h4, h5, h6';

/**
 * Removes the controls and labels shop themes put around a product's name and price, found by
 * their whole text in blocks of at most two levels (themes name them every way): the price
 * stays, its screen-reader "Regular price" label goes; "Compare", "Quick view", "Add to wishlist" and an empty
 * cart's line are buttons, not the product. Returns how many went.
 */
export function removeShopControls(root: Element): number {
  return removeLabelBlocks(root, {
    candidates: CONTROL_CANDIDATE,
    keptInside: KEPT_INSIDE,
    maxChars: 40,
    isLabel: (text, element) => SHOP_CONTROL.test(text) || (HIDDEN_PRICE_LABEL.test(text) && SCREEN_READER_ONLY.test(element.className)),
  });
}
