import { keepPageHeading } from '../assembly/page-heading.js';
import { removeArticleToc } from '../rules/article-toc.js';
import { removeBlogPostChrome } from '../rules/blog-post-chrome.js';
import { removeCardBadges } from '../rules/card-badges.js';
import { findCardGrids, isProductGrid, quietCardImages } from '../rules/card-grids.js';
import { removeDocsChrome } from '../rules/docs-chrome.js';
import { removeRawFieldKeys } from '../rules/field-keys.js';
import { removeGalleryCounters } from '../rules/gallery-counters.js';
import { separateGluedInlines } from '../rules/glued-inline.js';
import { removeLetterAvatars } from '../rules/letter-avatars.js';
import { removeHelpPopups } from '../rules/help-popups.js';
import { removeLinkDenseBlocks } from '../rules/link-dense-blocks.js';
import { removeLinkLists } from '../rules/link-lists.js';
import { removeListingControls } from '../rules/listing-controls.js';
import { removeMediaFallbacks } from '../rules/media-fallback.js';
import { removeNavTrees } from '../rules/nav-trees.js';
import { removePhotoCredits } from '../rules/photo-credits.js';
import { removePosterBadges } from '../rules/poster-badges.js';
import { removeReadAlsoLines } from '../rules/read-also-lines.js';
import { removeRelatedLabelRuns } from '../rules/related-label-runs.js';
import { removeCapsStoryLinks } from '../rules/caps-story-links.js';
import { removeRelatedLabelLines } from '../rules/related-label-lines.js';
import { removeProductChrome } from '../rules/product-chrome.js';
import { addProductDescription } from '../rules/product-description.js';
import { removeTextBeforeProductName } from '../rules/product-preamble.js';
import { quietRepeatedAlts } from '../rules/repeated-alts.js';
import { removeShippingBanners } from '../rules/shipping-banners.js';
import { removeShopControls } from '../rules/shop-controls.js';
import { removeTagLists } from '../rules/tag-lists.js';
import { quietTeaserImages } from '../rules/teaser-images.js';
import { EVERY_KIND, kindsBut, type TreeStep } from './step.js';

/** Pages whose content is a run of cards: every card is the page's. */
const GRID_KINDS = ['collection', 'listing'] as const;

/** Steps on the chosen content, whichever reading won, in this order. */
export const CONTENT_STEPS: readonly TreeStep[] = [
  {
    name: 'card-images',
    phase: 'content',
    onlyAltText: true,
    pageKinds: EVERY_KIND,
    about:
      'Empties the alt text of card images beside their own text (a shop describes every tile’s photo): every grid on grids and listings, grids of products elsewhere.',
    run: (root, page) => {
      const grids = findCardGrids(root);
      const quieted = (GRID_KINDS as readonly string[]).includes(page.pageType) ? grids : grids.filter(isProductGrid);
      quietCardImages(quieted);
      return quieted.length;
    },
  },
  {
    name: 'product-grid-badges',
    phase: 'content',
    pageKinds: kindsBut('product', 'collection'),
    about: 'Removes ranking badges ("Top Rated", "Just In") inside grids of products on pages of other kinds.',
    run: (root) => {
      let removed = 0;
      for (const grid of findCardGrids(root)) if (isProductGrid(grid)) removed += removeCardBadges(grid);
      return removed;
    },
  },
  {
    name: 'docs-chrome',
    phase: 'content',
    pageKinds: ['documentation'],
    about:
      'Removes what docs generators put around a page’s text: an in-page table of contents, edit and feedback links, previous/next links.',
    run: (root) => removeDocsChrome(root),
  },
  {
    name: 'product-chrome',
    phase: 'content',
    pageKinds: ['product', 'collection'],
    about: 'Removes option pickers and review widgets: controls and other people’s words, on either reading.',
    run: (root) => void removeProductChrome(root),
  },
  {
    name: 'card-badges',
    phase: 'content',
    pageKinds: ['product', 'collection'],
    about: 'Removes "Top Rated", "Best Seller", "Just In" on the cards: the shop’s ranking, not the product.',
    run: (root) => removeCardBadges(root),
  },
  {
    name: 'shop-controls',
    phase: 'content',
    pageKinds: ['product', 'collection'],
    about: 'Removes "Regular price", "Compare", "Quick view", "Add to wishlist": a theme’s labels and buttons.',
    run: (root) => removeShopControls(root),
  },
  {
    name: 'shipping-banners',
    phase: 'content',
    pageKinds: ['product', 'collection'],
    about: 'Removes "Free shipping on orders over $75": the shop’s terms on every page, not the product.',
    run: (root) => removeShippingBanners(root),
  },
  {
    name: 'raw-field-keys',
    phase: 'content',
    pageKinds: ['product', 'collection'],
    about: 'Removes a platform’s custom fields printed raw ("retail_price_tier1:", "cat_thumb_Bone:"): script data.',
    run: (root) => removeRawFieldKeys(root),
  },
  {
    name: 'product-description',
    phase: 'content',
    pageKinds: ['product'],
    about: 'Adds the product’s description from its structured data when the DOM hides it.',
    run: (root, page) => addProductDescription(root, page.signals.productDescription),
  },
  {
    name: 'link-lists',
    phase: 'content',
    pageKinds: ['forum'],
    about:
      'Removes board pickers (blocks of nothing but links) that boards leave unnamed. Only on threads: it cost listings, collections and docs their link-heavy content.',
    run: (root) => removeLinkLists(root),
  },
  {
    name: 'link-dense-blocks',
    phase: 'content',
    pageKinds: ['article'],
    about:
      'Removes blocks nearly all link text (most read, more from the section) with their title line, in any language; not a list the text introduces (“…:”), nor any when they outweigh the text: then the links are the content.',
    run: (root) => removeLinkDenseBlocks(root),
  },
  {
    name: 'read-also-lines',
    phase: 'content',
    pageKinds: kindsBut('listing', 'collection'),
    about:
      'Removes “read also” lines between an article’s paragraphs (“Lea también: …”, “Read more: …”, “Lesen Sie auch: …”): a label and another story’s link.',
    run: (root) => removeReadAlsoLines(root),
  },
  {
    name: 'related-label-runs',
    phase: 'content',
    pageKinds: kindsBut(...GRID_KINDS),
    about:
      'Removes a line saying only “You may also like…” (or another related label) with the link-only lines after it: other stories written as paragraphs.',
    run: (root) => removeRelatedLabelRuns(root),
  },
  {
    name: 'caps-story-links',
    phase: 'content',
    pageKinds: kindsBut(...GRID_KINDS),
    about:
      'Removes lines that are only another story’s headline, linked and in capitals (“CLICK HERE TO GET THE APP”): a “read also” without its label.',
    run: (root, page) => removeCapsStoryLinks(root, page.url),
  },
  {
    name: 'tag-lists',
    phase: 'content',
    pageKinds: EVERY_KIND,
    about:
      'Removes a post’s tag and category lists (links marked `rel="tag"` with at most a label: "Tags:", "Filed under:"): other pages’ words.',
    run: (root) => removeTagLists(root),
  },
  {
    name: 'related-label-lines',
    phase: 'content',
    pageKinds: kindsBut(...GRID_KINDS),
    about:
      'Removes lines that are only a related label (“Ähnliche Beiträge”, “Auch interessant”, “Related posts”): a title left behind by the block of other pages it named.',
    run: (root) => removeRelatedLabelLines(root),
  },
  {
    name: 'poster-badges',
    phase: 'content',
    pageKinds: ['forum'],
    about: 'Removes "Offline", "OP", "Original Poster" beside a name: the poster’s state, not the post.',
    run: (root) => removePosterBadges(root),
  },
  {
    name: 'nav-trees',
    phase: 'content',
    pageKinds: ['service'],
    about: 'Removes a site’s page tree (two levels of nothing but links): a menu the theme did not name.',
    run: (root) => removeNavTrees(root),
  },
  {
    name: 'listing-controls',
    phase: 'content',
    pageKinds: kindsBut('article'),
    about: 'Removes result counts, sorting and filter toggles, slide counters: controls.',
    run: (root) => removeListingControls(root),
  },
  {
    name: 'article-toc',
    phase: 'content',
    pageKinds: ['article'],
    about: 'Removes an article’s table of contents: its headings again, as links into the page.',
    run: (root) => removeArticleToc(root),
  },
  {
    name: 'teaser-images',
    phase: 'content',
    onlyAltText: true,
    pageKinds: GRID_KINDS,
    about: 'Empties a teaser thumbnail’s alt text when the teaser’s own text says what it shows (every teaser of a listing or a grid).',
    run: (root) => quietTeaserImages(root, 'every teaser'),
  },
  {
    name: 'headed-card-images',
    phase: 'content',
    onlyAltText: true,
    pageKinds: kindsBut(...GRID_KINDS),
    about: 'The same for headed cards on other kinds (news fronts read as articles, blogs’ home pages read as landing pages).',
    run: (root) => quietTeaserImages(root, 'headed cards'),
  },
  {
    name: 'media-fallbacks',
    phase: 'content',
    pageKinds: EVERY_KIND,
    about: 'Empties the fallback of <video> and <audio> ("Your browser does not support the video tag."), never shown to a reader.',
    run: (root) => removeMediaFallbacks(root),
  },
  {
    name: 'photo-credits',
    phase: 'content',
    pageKinds: EVERY_KIND,
    about: 'Removes "Image credit: …", "Kittiwut | Getty Images": who owns a picture, not what the page says.',
    run: (root) => removePhotoCredits(root),
  },
  {
    name: 'letter-avatars',
    phase: 'content',
    pageKinds: EVERY_KIND,
    about: 'Removes letter avatars (XenForo’s `avatar--default`: a member’s initial in a box, printed as a stray “F” above their post).',
    run: (root) => removeLetterAvatars(root),
  },
  {
    name: 'gallery-counters',
    phase: 'content',
    pageKinds: EVERY_KIND,
    about: 'Removes a gallery’s position when it names what it counts ("Image 1 of 5", "Photo 3/12"): a control, never content.',
    run: (root) => removeGalleryCounters(root),
  },
  {
    name: 'blog-post-chrome',
    phase: 'content',
    pageKinds: kindsBut('forum'),
    about:
      'Removes what blog platforms print around a post: Jetpack’s share and like bar, WP-PostRatings’ stars, classic themes’ post footers (“This entry was posted in …”).',
    run: (root) => removeBlogPostChrome(root),
  },
  {
    name: 'help-popups',
    phase: 'content',
    pageKinds: EVERY_KIND,
    about: 'Removes keyboard-shortcut help popups ("Keyboard shortcuts", "Press ? to show this help"), hidden until a key is pressed.',
    run: (root) => removeHelpPopups(root),
  },
  {
    name: 'glued-inlines',
    phase: 'content',
    pageKinds: EVERY_KIND,
    about: 'Separates inline elements the stylesheet sets on two lines, which run together without CSS ("MerrellMoab").',
    run: (root) => separateGluedInlines(root),
  },
  {
    name: 'repeated-alts',
    phase: 'content',
    onlyAltText: true,
    pageKinds: EVERY_KIND,
    about: 'Empties an image’s alt text that repeats an earlier alt or the text beside it in its link or card.',
    run: (root) => quietRepeatedAlts(root),
  },
  {
    name: 'page-heading',
    phase: 'content',
    pageKinds: EVERY_KIND,
    about: 'Keeps the page’s H1 once, at the top, whichever reading won (the readings often leave it in the header).',
    run: (root, page) => keepPageHeading(root, page.heading),
  },
  {
    name: 'product-preamble',
    phase: 'content',
    pageKinds: ['product'],
    about: 'Removes promo bars, breadcrumbs and shipping banners above a product’s name; its photos stay.',
    run: (root) => removeTextBeforeProductName(root),
  },
];
