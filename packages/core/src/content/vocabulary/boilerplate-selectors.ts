/**
 * Elements that never carry readable content: removed from every output, main content or not.
 * `noembed` and `noframes` hold fallbacks no browser shows, as text (raw markup once printed).
 */
export const NON_CONTENT_SELECTOR = ['script', 'style', 'template', 'meta', 'link', 'base', 'noembed', 'noframes'].join(', ');

/**
 * Removed from the finished content rather than up front: Readability first swaps lazy-loading
 * placeholder images for the real ones that pages put in <noscript>.
 */
export const NOSCRIPT_SELECTOR = 'noscript';

/**
 * Page furniture that onlyMainContent drops when Readability's pick is not trusted: Firecrawl's
 * list (so results match what its users expect) plus the ARIA landmarks and common class names
 * that mean the same things.
 */
export const BOILERPLATE_SELECTOR = [
  // Firecrawl's onlyMainContent list.
  'header',
  'footer',
  'nav',
  'aside',
  '.header',
  '.top',
  '.navbar',
  '#header',
  '.footer',
  '.bottom',
  '#footer',
  '.sidebar',
  '.side',
  '.aside',
  '#sidebar',
  '.modal',
  '.popup',
  '#modal',
  '.overlay',
  '.ad',
  '.ads',
  '.advert',
  '#ad',
  '.lang-selector',
  '.language',
  '#language-selector',
  '.social',
  '.social-media',
  '.social-links',
  '#social',
  '.menu',
  '.navigation',
  '#nav',
  '.breadcrumbs',
  '#breadcrumbs',
  '.share',
  '#share',
  '.widget',
  '#widget',
  '.cookie',
  '#cookie',
  '.fc-decoration',
  // Landmarks and common names for the same furniture.
  '[role="banner"]',
  '[role="navigation"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '.breadcrumb',
  '[aria-label="breadcrumb" i]',
  '.share-buttons',
  '.sharing',
  '.social-share',
  '.skip-link',
  '.skip-to-content',
  '.newsletter',
  '[hidden]',
  '[aria-hidden="true"]',
  // Menus, dropdowns and dialogs: controls and overlays, never content.
  'dialog',
  '[role="menu"]',
  '[role="listbox"]',
  '[role="menubar"]',
  'details-menu',
  '.dropdown-menu',
  // Sign-in, search and reply boxes: controls, never content.
  'form:has(input[type="password"])',
  '[role="search"]',
  'form:has(input[type="search"])',
  'form:has(textarea)',
].join(', ');

/**
 * Elements that make an element off-limits to boilerplate removal: a `.top` or `.side` wrapper
 * around the page's main region is layout, not furniture.
 */
export const MAIN_REGION_SELECTOR = ['main', '[role="main"]', '#main'].join(', ');

/**
 * Author bios under the article, named every way ("author_bio", "entry-author-profile",
 * "about-author") and by WordPress's author-box plugins (Simple Author Box, Starbox).
 */
const AUTHOR_BOX_WORDS = [
  'author[-_](?:bio|box|info|profile|details?|description|about)',
  'about[-_](?:the[-_])?authors?',
  'contributor[-_](?:bio|box)',
  'saboxplugin-wrap',
  'abh[-_]box',
];
export const AUTHOR_BOX_PATTERN = classWordPattern(AUTHOR_BOX_WORDS);

/**
 * Class or id words of blocks that sit inside an article's container without being part of the
 * article: related-story lists and rails, share bars, comments, newsletter and subscription
 * promos, tag lists, author bios and photo credits. A word matches whole, between spaces, "-" or
 * "_": "related" catches "related-links" and "story__related", never "unrelated".
 */
const NON_ARTICLE_WORDS = [
  'related',
  'recommended',
  'recommendations?',
  'more-(?:stories|news|articles|from)',
  'read-more',
  'also-read',
  'you-may-like',
  'outbrain',
  'taboola',
  'trending',
  'most-(?:popular|read)',
  'rail',
  'share',
  'sharing',
  'sharebar',
  'social',
  'comments?',
  'disqus',
  'newsletter',
  'subscribe',
  'subscription',
  'signup',
  'promo',
  'sponsored',
  'paywall',
  'tags',
  'taglist',
  ...AUTHOR_BOX_WORDS,
  'credits?',
  'copyright',
  // Listing controls: filters, facets, sorting and page links.
  'filters?',
  'facets?',
  'refinements?',
  'sort-by',
  'sorting',
  'pagination',
  'pager',
  // Page footers named by a class word (`footer_new`, `site-footer-wrap`), which Firecrawl's exact
  // `.footer` misses: WCXB dev 0.8552 -> 0.8556, every kind but docs and forums up, the article set unchanged.
  'footer',
];
export const NON_ARTICLE_PATTERN = classWordPattern(NON_ARTICLE_WORDS);
/**
 * Menus, sidebars and breadcrumbs named by a class word (`nav_menu`, `main-navigation`,
 * `l-sidebar`), which Firecrawl's exact `.menu`, `.navigation` and `.sidebar` miss. Not on
 * articles, whose menus Readability's pick has judged: taken from articles too they cost 15 WCXB
 * article pages 0.17 in all. Measured on WCXB dev: menus 0.8556 -> 0.8562, sidebars and
 * breadcrumbs 0.8567.
 */
const NAV_WORDS = ['nav', 'navbar', 'navigation', 'menu', 'sidebar', 'breadcrumbs?'];

/**
 * Class or id words of a shop page's controls and widgets around the product rather than the
 * product: colour swatches, variant and option pickers, quantity steppers, and review and
 * rating widgets (their own and the common vendors'). The product's name, price, description
 * and specifications carry no such names.
 */
export const PRODUCT_CHROME_PATTERN = classWordPattern([
  'swatch(?:es)?',
  'variants?',
  'variant-(?:picker|selector)',
  'options?',
  'quantity',
  'qty',
  'reviews?',
  'ratings?',
  'stars?',
  'yotpo',
  'okendo',
  'jdgm',
  'judgeme',
  'stamped',
  'bazaarvoice',
  'bv',
  'trustpilot',
]);

/** Elements of a product's purchase form (option groups and their labels): controls, not content. */
export const PRODUCT_CONTROL_SELECTOR = ['fieldset', 'label', '[role="radiogroup"]'].join(', ');

/** Class or id words of ad slots ("ad-slot", "div-gpt-ad-1", "adsbygoogle"…). */
export const AD_PATTERN = classWordPattern([
  'ad',
  'ads',
  'advert',
  'adverts',
  'advertisement',
  'advertising',
  'adsense',
  'adsbygoogle',
  'adslot',
  'adunit',
  'dfp',
]);

/** Attributes ad scripts put on the slots they fill. */
export const AD_ATTRIBUTES = ['data-ad-slot', 'data-ad-unit', 'data-ad-client', 'data-google-query-id'];

/** Hosts that serve ads into iframes. */
export const AD_FRAME_HOST =
  /(?:^|\.)(?:doubleclick\.net|googlesyndication\.com|amazon-adsystem\.com|adnxs\.com|taboola\.com|outbrain\.com)$/i;

/** Class or id words of cookie and consent banners (OneTrust, Cookiebot, Cookie Consent…). */
export const COOKIE_BANNER_PATTERN = classWordPattern([
  'cookie',
  'cookies',
  'cookiebanner',
  'cookienotice',
  'consent',
  'gdpr',
  'CybotCookiebotDialog',
  'cc-window',
  'cc-banner',
]);

/** The whole text of an ad's label: a block saying only this is ad chrome. */
export const AD_LABEL_TEXT =
  /^(?:advert|adverts|advertisement|advertising|ad|ads|sponsored|sponsored content|anzeige|werbung|publicidad|publicité|pubblicità|reklama)$/i;

/**
 * NON_ARTICLE_PATTERN without "promo": a landing page is built of promo blocks (AEM's
 * `cmp-promo` and the like: its services, each with a "Find out more"). Measured on the WCXB dev
 * split: service pages 0.8390 → 0.8414; on listings, grids, products and docs the same change
 * cost 0.3 of a page's F1 in all.
 */
export const NON_ARTICLE_PATTERN_OF_LANDING_PAGE = classWordPattern([
  ...NON_ARTICLE_WORDS.filter((word) => word !== 'promo'),
  ...NAV_WORDS,
]);
/** NON_ARTICLE_PATTERN plus menus named by a class word, for every kind of page but an article. */
export const NON_ARTICLE_PATTERN_OF_PAGE = classWordPattern([...NON_ARTICLE_WORDS, ...NAV_WORDS]);

/** Matches a class or id attribute holding one of `words` as a whole word (split on spaces, - and _). */
function classWordPattern(words: string[]): RegExp {
  return new RegExp(`(?:^|[\\s_-])(?:${words.join('|')})(?:$|[\\s_-])`, 'i');
}
