import type { PageType } from './page-type/page-type.js';
import { findDocsRegion } from './regions/docs-region.js';
import { findProductRegion } from './regions/product-region.js';
import { findThreadRegion } from './regions/thread-posts.js';

/**
 * How each kind of page is read: which of the two readings (Readability's pick, the main region
 * minus furniture) it may take and where its region is. The one place main-content extraction
 * tells page kinds apart; the steps say their own kinds (steps/).
 */
export interface ReadingPolicy {
  /** Only the region reading: a thread's comments are its content, and Readability keeps one post. */
  regionOnly: boolean;
  /**
   * A page that declares itself an article (declaresArticle) trusts Readability's pick unless it
   * kept almost nothing, and reads the region (on a fresh parse) only then.
   */
  trustsDeclaredArticle: boolean;
  /** Readability's pick wins when it holds at least this share of the region reading's text. */
  minArticleShare: number;
  /** Section ids carry headings' words (docs): Readability must not read them as asides. */
  sectionIdsAreAnchors: boolean;
  /** The region found on the whole body before the main region is looked for (a thread's posts). */
  regionInBody?: (body: Element) => Element | null;
  /** A narrower region inside the main region (a product's own block, a docs page's article). */
  regionInMain?: (mainRegion: Element) => Element | null;
}

/**
 * Readability's pick holding less than this share of the furniture-free region's text cut the
 * page. Measured on the WCXB dev split (docs/content.md): below about half, the region reading
 * wins for every kind of page, articles included; above it Readability's tighter pick wins.
 */
const MIN_ARTICLE_SHARE = 0.6;
/**
 * A listing or a grid is many similar blocks, and Readability's pick is one of them: it wins only
 * when it holds nearly all of the region's text (measured on the WCXB dev split: 0.74 against 0.69
 * F1 on the listings that reach this choice, 0.64 against 0.63 on collections).
 */
const MIN_ARTICLE_SHARE_OF_LISTING = 0.8;
/**
 * On a page that declares itself an article, the extra text of the region is mostly comments,
 * teasers and promos: Readability keeps the article unless it kept almost nothing
 * (article-extraction benchmark, docs/content.md).
 */
export const MIN_ARTICLE_SHARE_OF_ARTICLE_PAGE = 0.1;

const BOTH_READINGS: ReadingPolicy = {
  regionOnly: false,
  trustsDeclaredArticle: false,
  minArticleShare: MIN_ARTICLE_SHARE,
  sectionIdsAreAnchors: false,
};

export const READING_POLICY: Record<PageType, ReadingPolicy> = {
  article: { ...BOTH_READINGS, trustsDeclaredArticle: true },
  forum: { ...BOTH_READINGS, regionOnly: true, regionInBody: findThreadRegion },
  product: { ...BOTH_READINGS, regionInMain: findProductRegion },
  collection: { ...BOTH_READINGS, minArticleShare: MIN_ARTICLE_SHARE_OF_LISTING },
  listing: { ...BOTH_READINGS, minArticleShare: MIN_ARTICLE_SHARE_OF_LISTING },
  documentation: { ...BOTH_READINGS, sectionIdsAreAnchors: true, regionInMain: findDocsRegion },
  service: BOTH_READINGS,
};
