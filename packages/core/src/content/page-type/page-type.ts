import type { PageSignals } from './page-signals.js';
import type { PageType } from './page-types.js';
import { hasPostSlug, pageTypeFromUrl } from './url-kind.js';

export { PAGE_TYPES, type PageType } from './page-types.js';

// Not `Question`: FAQ blocks on every kind of page declare it.
const FORUM_SCHEMA = ['DiscussionForumPosting', 'QAPage', 'SocialMediaPosting'];
const PRODUCT_SCHEMA = ['Product', 'ProductGroup', 'IndividualProduct', 'SoftwareApplication', 'Book', 'Vehicle'];
// `SomeProducts` is schema.org's type for a grid of products (Salesforce Commerce storefronts declare it on category pages).
const COLLECTION_SCHEMA = ['CollectionPage', 'OfferCatalog', 'SearchResultsPage', 'SomeProducts'];
const ARTICLE_SCHEMA = ['Article', 'NewsArticle', 'BlogPosting', 'Recipe', 'Report', 'ScholarlyArticle', 'TechArticle'];
const SERVICE_SCHEMA = ['Service', 'ProfessionalService'];
const LIST_SCHEMA = ['ItemList'];
/**
 * A page declaring an article with this many teasers (`<article>` elements or links in headings)
 * under a URL that names no post is an index: news sites' section fronts and blogs' home pages
 * declare `og:type` article, or an article schema type, like their posts. Measured on the WCXB dev
 * split (docs/content.md): at 15 no page of the article-extraction benchmark is taken; at 10, two.
 */
const MIN_TEASERS_OF_INDEX = 15;
/** A page declaring at least this many schema.org products lists them (WCXB dev: product pages declare up to 12, variants included). */
const MIN_LISTED_PRODUCTS = 20;

/**
 * The page's kind, from what the page declares (schema.org types, og:type), what its URL's shape
 * says, and the shape of its DOM (many posts, many product cards, code blocks, few paragraphs).
 * Declarations beat URL shapes where they are specific; a shop's `/products/` page with a grid
 * of products is a collection.
 */
export function classifyPage(url: string, signals: PageSignals): PageType {
  const has = (types: string[]) => types.some((type) => signals.schemaTypes.has(type));
  const fromUrl = pageTypeFromUrl(url);
  const productGrid = signals.productCardCount >= 6 || signals.priceCount >= 6;

  if (has(FORUM_SCHEMA) || fromUrl === 'forum') return 'forum';
  if (fromUrl === 'documentation') return 'documentation';
  // A shop's product template outranks card and price counts (its upsells) and a catalogue it declares on every page.
  if (signals.productTemplate) return 'product';
  // News sites declare a Product for their subscription offer beside the article itself; SEO
  // plugins declare an Article on every page, so a URL that says otherwise wins.
  if (has(ARTICLE_SCHEMA) && (fromUrl === null || fromUrl === 'article') && !signals.addToCart) return articleOrIndex(url, signals);
  if (has(COLLECTION_SCHEMA) || signals.ogType === 'product.group') {
    // A CollectionPage of posts (a news site's section, a recipe category) shows no product at all.
    if (signals.productCardCount === 0 && signals.priceCount === 0 && !signals.addToCart && fromUrl !== 'product') return 'listing';
    return productGrid || fromUrl !== 'product' ? 'collection' : 'product';
  }
  if (has(PRODUCT_SCHEMA) || signals.ogType === 'product' || signals.ogType === 'og:product' || fromUrl === 'product') {
    // A product's page declares one product and a few variants; a page declaring scores of them
    // lists them, unless its URL names one product (whose variants can run to dozens).
    const listsProducts = signals.productItemCount >= MIN_LISTED_PRODUCTS && fromUrl !== 'product';
    return (productGrid && signals.priceCount >= 12 && !has(PRODUCT_SCHEMA)) || listsProducts ? 'collection' : 'product';
  }
  if (fromUrl === 'collection') return productGrid || signals.addToCart ? 'collection' : 'listing';
  if (productGrid && signals.addToCart) return 'collection';
  if (fromUrl === 'article') return articleOrIndex(url, signals);
  if (fromUrl) return fromUrl;
  // WordPress and others say og:type "article" of every page, so it counts only where nothing else speaks.
  // A page saying og:type "article" with no word in a paragraph is a storefront's or an index's shell, not a story.
  if (signals.ogType === 'article') return signals.paragraphWords === 0 ? 'listing' : articleOrIndex(url, signals);
  // A grid of product cards showing many prices is a category page, whatever its URL's shape
  // (`/seating/mesh-chairs/`, a shop's home page); without the cards (a pricing table) it is not.
  // Before the declared list below: shops declare their category's products as an ItemList.
  if (signals.productCardCount >= 6 && signals.priceCount >= 12) return 'collection';
  // A list the page declares (a chart, search results, events), where no product, article or
  // category says more (a breadcrumb trail is a BreadcrumbList, not an ItemList).
  if (has(LIST_SCHEMA)) return 'listing';
  if (has(SERVICE_SCHEMA)) return 'service';
  if (signals.codeBlockCount >= 3) return 'documentation';
  if (signals.longParagraphs >= 5) return 'article';
  return 'service';
}

/** A page that declares an article: an index of posts when it holds many teasers and its URL names no post. */
function articleOrIndex(url: string, signals: PageSignals): 'article' | 'listing' {
  const teasers = Math.max(signals.postCount, signals.headingLinks);
  return teasers >= MIN_TEASERS_OF_INDEX && !hasPostSlug(url) ? 'listing' : 'article';
}

/**
 * Whether a page says it is an article (a schema.org article type, og:type "article", or an
 * article-shaped URL), as opposed to one that only reads like one.
 */
export function declaresArticle(url: string, signals: PageSignals): boolean {
  return ARTICLE_SCHEMA.some((type) => signals.schemaTypes.has(type)) || signals.ogType === 'article' || pageTypeFromUrl(url) === 'article';
}
