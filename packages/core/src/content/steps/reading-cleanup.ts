import type { PageType } from '../page-type/page-type.js';
import { removeActionChrome } from '../rules/action-chrome.js';
import { removeBoilerplate, removeNonArticleParts } from '../rules/boilerplate.js';
import { findCardGrids, isProductGrid, removeOtherProductCards } from '../rules/card-grids.js';
import { removeDuplicateBlocks } from '../rules/duplicate-blocks.js';
import { MAX_SHARE_OF_PRODUCT_TEXT, removeRelatedSections } from '../rules/related-sections.js';
import { removeThreadChrome } from '../rules/thread-chrome.js';
import { EVERY_KIND, kindsBut, type TreeStep } from './step.js';

/** Which blocks `removeNonArticleParts` takes: a landing page's promos are its sections, an article's menus are Readability's to judge. */
function partsKind(pageType: PageType): Parameters<typeof removeNonArticleParts>[1] {
  if (pageType === 'documentation' || pageType === 'product') return pageType;
  // A category page's cards are its products, whatever their class words.
  if (pageType === 'collection') return 'grid';
  return pageType === 'service' ? 'landing page' : pageType === 'article' ? 'article' : 'page';
}

/** Related posts, recommendations and the like; a product's page keeps a related block only when it is not the whole page. */
function removeSectionsAboutOtherPages(root: Element, pageType: PageType): void {
  removeRelatedSections(root, pageType === 'product' ? MAX_SHARE_OF_PRODUCT_TEXT : undefined);
}

/** Listings' and collections' teasers of other pages are the page itself. */
const PAGES_ABOUT_ONE_THING = kindsBut('listing', 'collection');

/** Cleaning of Readability's pick (`article`): the furniture, asides and repeated blocks its container still holds. */
export const ARTICLE_CLEANUP: readonly TreeStep[] = [
  {
    name: 'pick-boilerplate',
    phase: 'article',
    pageKinds: EVERY_KIND,
    about: 'Removes navigation, headers, footers, share bars and the like (vocabulary/boilerplate-selectors) from Readability’s pick.',
    run: (root) => void removeBoilerplate(root),
  },
  {
    name: 'pick-related-sections',
    phase: 'article',
    pageKinds: PAGES_ABOUT_ONE_THING,
    about: 'Readability sometimes picks the densest carousel of other products or posts: related sections go.',
    run: (root, page) => removeSectionsAboutOtherPages(root, page.pageType),
  },
  {
    name: 'pick-non-article-parts',
    phase: 'article',
    pageKinds: EVERY_KIND,
    about: 'Removes blocks named as asides (comments, sidebars, promos) from the pick; what counts depends on the kind.',
    run: (root, page) => void removeNonArticleParts(root, partsKind(page.pageType)),
  },
  {
    name: 'pick-duplicate-blocks',
    phase: 'article',
    pageKinds: EVERY_KIND,
    about: 'Removes blocks a page repeats for its mobile and desktop layouts.',
    run: (root) => removeDuplicateBlocks(root),
  },
];

/** Cleaning of the main region (`region`): page furniture and blocks about other pages. */
export const REGION_CLEANUP: readonly TreeStep[] = [
  {
    name: 'region-boilerplate',
    phase: 'region',
    pageKinds: EVERY_KIND,
    about: 'Removes navigation, headers, footers, share bars and the like from the main region.',
    run: (root) => void removeBoilerplate(root),
  },
  {
    name: 'region-related-sections',
    phase: 'region',
    pageKinds: PAGES_ABOUT_ONE_THING,
    about: 'Removes related posts and recommendations from the region.',
    run: (root, page) => removeSectionsAboutOtherPages(root, page.pageType),
  },
  {
    name: 'other-product-grids',
    phase: 'region',
    pageKinds: ['product'],
    about: 'One product’s page shows other products only as recommendations: grids of priced cards go.',
    run: (root) => {
      let removed = 0;
      for (const grid of findCardGrids(root)) {
        if (!isProductGrid(grid)) continue;
        grid.remove();
        removed++;
      }
      return removed;
    },
  },
  {
    name: 'other-product-cards',
    phase: 'region',
    pageKinds: ['product'],
    about: 'Removes single cards of other products (a price and a link elsewhere) that no shared class names.',
    run: (root, page) => removeOtherProductCards(root, page.url),
  },
  {
    name: 'region-non-article-parts',
    phase: 'region',
    pageKinds: kindsBut('forum'),
    about: 'Removes blocks named as asides (comments, sidebars, promos); on a thread the comments are the content.',
    run: (root, page) => void removeNonArticleParts(root, partsKind(page.pageType)),
  },
  {
    name: 'thread-chrome',
    phase: 'region',
    pageKinds: ['forum'],
    about: 'Removes what forum software puts around each post: profile boxes, signatures, statistics, Q&A comments and notices.',
    run: (root) => removeThreadChrome(root),
  },
  {
    name: 'action-chrome',
    phase: 'region',
    pageKinds: EVERY_KIND,
    about: 'Removes blocks whose whole text is control words and counts (share, reply, vote, report): chrome, never content.',
    run: (root) => removeActionChrome(root),
  },
  {
    name: 'region-duplicate-blocks',
    phase: 'region',
    pageKinds: EVERY_KIND,
    about: 'Removes blocks a page repeats for its mobile and desktop layouts.',
    run: (root) => removeDuplicateBlocks(root),
  },
];
