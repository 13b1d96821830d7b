import type { PageType } from '../page-type/page-type.js';
import { removeActionChrome } from '../rules/action-chrome.js';
import { removeBoilerplate, removeNonArticleParts } from '../rules/boilerplate.js';
import { removeOtherProductCards } from '../rules/card-grids.js';
import { removeDuplicateBlocks } from '../rules/duplicate-blocks.js';
import { MAX_SHARE_OF_PRODUCT_TEXT, removeRelatedSections } from '../rules/related-sections.js';
import { removeThreadChrome } from '../rules/thread-chrome.js';
import { EVERY_KIND, kindsBut, type StepContext, type TreeStep } from './step.js';

/** Which blocks `removeNonArticleParts` takes: a landing page's promos are its sections, an article's menus are Readability's to judge. */
function partsKind(pageType: PageType): Parameters<typeof removeNonArticleParts>[1] {
  if (pageType === 'documentation' || pageType === 'product') return pageType;
  // A category page's cards are its products, whatever their class words.
  if (pageType === 'collection') return 'grid';
  return pageType === 'service' ? 'landing page' : pageType === 'article' ? 'article' : 'page';
}

/** Related posts, recommendations and the like; a product's page keeps a related block only when it is not the whole page. */
function removeSectionsAboutOtherPages(root: Element, pageType: PageType): void {
  removeRelatedSections(root, pageType === 'product' ? MAX_SHARE_OF_PRODUCT_TEXT : undefined, pageType !== 'forum');
}

/** Listings' and collections' teasers of other pages are the page itself. */
const PAGES_ABOUT_ONE_THING = kindsBut('listing', 'collection');

/** Cleanings both readings get, by their name without the reading's prefix. */
const ON_EITHER_READING = {
  boilerplate: {
    pageKinds: EVERY_KIND,
    about: 'Removes navigation, headers, footers, share bars and the like (vocabulary/boilerplate-selectors).',
    run: (root: Element) => void removeBoilerplate(root),
  },
  'related-sections': {
    pageKinds: PAGES_ABOUT_ONE_THING,
    about: 'Removes related posts and recommendations (Readability sometimes picks the densest carousel of other products or posts).',
    run: (root: Element, page: StepContext) => removeSectionsAboutOtherPages(root, page.pageType),
  },
  'non-article-parts': {
    pageKinds: EVERY_KIND,
    about: 'Removes blocks named as asides (comments, sidebars, promos); what counts depends on the kind.',
    run: (root: Element, page: StepContext) => void removeNonArticleParts(root, partsKind(page.pageType)),
  },
  'duplicate-blocks': {
    pageKinds: EVERY_KIND,
    about: 'Removes blocks a page repeats for its mobile and desktop layouts.',
    run: (root: Element) => removeDuplicateBlocks(root),
  },
} satisfies Record<string, Omit<TreeStep, 'name' | 'phase'>>;

/** A cleaning of `ON_EITHER_READING` as a step of one reading: `pick-…` on Readability's, `region-…` on the region. */
function onReading(phase: 'article' | 'region', name: keyof typeof ON_EITHER_READING, pageKinds?: readonly PageType[]): TreeStep {
  const step = ON_EITHER_READING[name];
  return { ...step, name: `${phase === 'article' ? 'pick' : 'region'}-${name}`, phase, pageKinds: pageKinds ?? step.pageKinds };
}

/** Cleaning of Readability's pick (`article`): the furniture, asides and repeated blocks its container still holds. */
export const ARTICLE_CLEANUP: readonly TreeStep[] = [
  onReading('article', 'boilerplate'),
  onReading('article', 'related-sections'),
  onReading('article', 'non-article-parts'),
  onReading('article', 'duplicate-blocks'),
];

/** Cleaning of the main region (`region`): page furniture and blocks about other pages. */
export const REGION_CLEANUP: readonly TreeStep[] = [
  onReading('region', 'boilerplate'),
  onReading('region', 'related-sections'),
  {
    name: 'other-product-cards',
    phase: 'region',
    pageKinds: ['product'],
    about: 'Removes single cards of other products (a price and a link elsewhere) that no shared class names.',
    run: (root, page) => removeOtherProductCards(root, page.url),
  },
  // On a thread the comments are the content.
  onReading('region', 'non-article-parts', kindsBut('forum')),
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
  onReading('region', 'duplicate-blocks'),
];
