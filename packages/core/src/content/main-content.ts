import { removeArticleToc } from './rules/article-toc.js';
import { removeActionChrome } from './rules/action-chrome.js';
import { removeBoilerplate, removeNonArticleParts } from './rules/boilerplate.js';
import { copyCategoryDescriptions, keepCategoryDescriptions } from './rules/category-descriptions.js';
import { removeCardBadges } from './rules/card-badges.js';
import { separateGluedInlines } from './rules/glued-inline.js';
import { findCardGrids, isProductGrid, quietCardImages, removeOtherProductCards } from './rules/card-grids.js';
import { removeDocsChrome } from './rules/docs-chrome.js';
import { copyIntroBlock, keepIntro } from './rules/docs-intro.js';
import { findDocsRegion } from './regions/docs-region.js';
import { removeDuplicateBlocks } from './rules/duplicate-blocks.js';
import { removeRawFieldKeys } from './rules/field-keys.js';
import { removeHelpPopups } from './rules/help-popups.js';
import { revealHiddenTeaserSummaries } from './rules/hidden-teaser-links.js';
import { removeUtilityHiddenBlocks } from './rules/hidden-utility.js';
import { findMainRegion } from './regions/main-region.js';
import { removeMediaFallbacks } from './rules/media-fallback.js';
import { removeNavTrees } from './rules/nav-trees.js';
import { removePosterBadges } from './rules/poster-badges.js';
import { removePhotoCredits } from './rules/photo-credits.js';
import { unwrapContentNoscripts } from './rules/noscript.js';
import { copyPageHeading, findPageHeading, keepPageHeading } from './assembly/page-heading.js';
import { classifyPage, declaresArticle, type PageType } from './page-type/page-type.js';
import type { PageSignals } from './page-type/page-signals.js';
import type { HtmlDocument } from './dom/parse.js';
import { readabilityArticle } from './regions/readability.js';
import { removeLinkLists } from './rules/link-lists.js';
import { removeListingControls } from './rules/listing-controls.js';
import { removeProductChrome } from './rules/product-chrome.js';
import { addProductDescription } from './rules/product-description.js';
import { removeTextBeforeProductName } from './rules/product-preamble.js';
import { findProductRegion } from './regions/product-region.js';
import { quietRepeatedAlts } from './rules/repeated-alts.js';
import { removeShippingBanners } from './rules/shipping-banners.js';
import { removeShopControls } from './rules/shop-controls.js';
import { revealTabPanels } from './rules/tab-panels.js';
import { quietTeaserImages } from './rules/teaser-images.js';
import { MAX_SHARE_OF_PRODUCT_TEXT, removeRelatedSections } from './rules/related-sections.js';
import { removeThreadChrome } from './rules/thread-chrome.js';
import { findThreadRegion } from './regions/thread-posts.js';
import { hasText, textLength } from './dom/text.js';
import { correspondingElement } from './dom/tree-walk.js';

/**
 * Below this much text in its main region a page is short. Readability scores blocks by their
 * prose; on a page with little text (a short docs page, a contact page, an FAQ) a footer or
 * sidebar can outscore the real content, and such pages are small enough for furniture
 * removal to be exact, so they never go to Readability.
 */
const SHORT_PAGE_CHARS = 600;
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
 * On a page that declares itself an article (declaresArticle), the extra text of the region is
 * mostly comments, teasers and promos: Readability keeps the article unless it kept almost
 * nothing (article-extraction benchmark, docs/content.md).
 */
const MIN_ARTICLE_SHARE_OF_ARTICLE_PAGE = 0.1;

export interface MainContentPage {
  document: HtmlDocument;
  url: string;
  /** What the page's markup said about its kind, read before noise removal (JSON-LD lives in scripts). */
  signals: PageSignals;
  /** A fresh, noise-free parse of the page, for the rare article Readability kept almost nothing of. */
  reparse: () => HtmlDocument;
}

export interface MainContent {
  content: Element;
  pageType: PageType;
}

/**
 * The page's main content. Two readings of the page compete: Readability's pick (one dense
 * block of prose: right for articles and docs) and the main region minus furniture (right for
 * threads, products, grids, listings and landing pages, whose content is spread over many
 * blocks that a single-block pick cuts). Readability's pick wins unless it holds much less text
 * than the furniture-free region, i.e. unless it cut the page; a thread and a short page
 * (where Readability picks footers) take the region at once. The page's kind also tunes the
 * region reading: comments stay on a thread, other products' grids go from a product page.
 * The page's H1 is kept once whatever the kind. Consumes `page.document`.
 */
export function extractMainContent(page: MainContentPage): MainContent {
  const body = page.document.body;
  unwrapContentNoscripts(body);
  revealTabPanels(body);
  const pageHeading = findPageHeading(body);
  const heading = copyPageHeading(pageHeading);
  const pageType = classifyPage(page.url, page.signals);
  // Quick-view drawers and comparison tables a theme hides per card: each product's whole page.
  if (pageType === 'collection') removeUtilityHiddenBlocks(body);
  // Teaser summaries written as a second, aria-hidden link to the story.
  revealHiddenTeaserSummaries(body);
  const mainRegion = findMainRegion(body);
  const regionText = textLength(mainRegion);
  let content: Element;
  if (pageType === 'forum' || regionText < SHORT_PAGE_CHARS) {
    content = withoutFurniture(body, pageType, page.url, mainRegion);
  } else if (pageType === 'article' && declaresArticle(page.url, page.signals)) {
    // Most pages a crawler meets are articles that say so. The region's text before furniture
    // removal bounds its text after, so a pick holding enough of it wins without a second
    // reading; only a pick that kept almost nothing pays for a fresh parse.
    const article = readableArticle(page.document, pageType);
    if (article && textLength(article) >= regionText * MIN_ARTICLE_SHARE_OF_ARTICLE_PAGE) content = article;
    else content = morePromising(article, withoutFurniture(reparsedBody(page), pageType, page.url), MIN_ARTICLE_SHARE_OF_ARTICLE_PAGE);
  } else {
    // Readability rewrites the document it reads; the region reading works on a copy.
    const copy = body.cloneNode(true) as Element;
    // Found before Readability rewrites the original.
    const copyRegion = correspondingElement(body, copy, mainRegion) ?? undefined;
    // A docs page's introduction may sit beside its body, in the H1's block (MDN's): read before Readability rewrites the page.
    const intro = pageType === 'documentation' ? copyIntroBlock(body, pageHeading) : null;
    const descriptions = pageType === 'collection' || pageType === 'product' ? copyCategoryDescriptions(body) : [];
    const article = readableArticle(page.document, pageType);
    const minShare = pageType === 'listing' || pageType === 'collection' ? MIN_ARTICLE_SHARE_OF_LISTING : MIN_ARTICLE_SHARE;
    content = morePromising(article, withoutFurniture(copy, pageType, page.url, copyRegion), minShare);
    keepIntro(content, intro);
    keepCategoryDescriptions(content, descriptions);
  }
  // A card's photo description repeats its name beside it: on grids and listings every card's,
  // on any other page a grid of products' (a shop's landing page, a category page no URL names).
  const grids = findCardGrids(content);
  const productGrids = grids.filter(isProductGrid);
  quietCardImages(pageType === 'collection' || pageType === 'listing' ? grids : productGrids);
  // Badges on product cards ("Top Rated", "Just In") rank the product, they do not describe it; on
  // pages of other kinds only inside a grid of products (a category page read as a listing).
  if (pageType !== 'product' && pageType !== 'collection') for (const grid of productGrids) removeCardBadges(grid);
  if (pageType === 'documentation') removeDocsChrome(content);
  // Option pickers and review widgets are controls and other people's words, on either reading.
  if (pageType === 'product' || pageType === 'collection') {
    removeProductChrome(content);
    // "Top Rated", "Best Seller", "Just In" on the cards: the shop's ranking, not the product.
    removeCardBadges(content);
    // "Regular price", "Compare", "Quick view", "Add to wishlist": a theme's labels and buttons.
    removeShopControls(content);
    // "Free shipping on orders over $75": the shop's terms on every page, not the product.
    removeShippingBanners(content);
    // "retail_price_tier1:", "cat_thumb_Bone:": a platform's custom fields printed raw, script data.
    removeRawFieldKeys(content);
  }
  // What the DOM hides of a product's description, its structured data still says.
  if (pageType === 'product') addProductDescription(content, page.signals.productDescription);
  // Boards whose markup names neither posts nor menus leave their board pickers in the region.
  // Only on threads: measured on WCXB, it cost listings, collections and docs their link-heavy content.
  if (pageType === 'forum') {
    removeLinkLists(content);
    // "Offline", "OP", "Original Poster" beside a name: the poster's state, not the post.
    removePosterBadges(content);
  }
  // A site's page tree (two levels of nothing but links) is a menu the theme did not name.
  if (pageType === 'service') removeNavTrees(content);
  // Result counts, sorting and filter toggles, slide counters: controls, on every page but an article.
  if (pageType !== 'article') removeListingControls(content);
  // An article's table of contents repeats its headings as links into the page.
  else removeArticleToc(content);
  // A teaser's own text says what its thumbnail shows: a listing's teasers, a collection's product
  // cards, and on every other kind the headed cards the page carries (news fronts read as
  // articles, blogs' home pages read as landing pages; the grid rule above needs alike siblings).
  quietTeaserImages(content, pageType === 'listing' || pageType === 'collection' ? 'every teaser' : 'headed cards');
  removeMediaFallbacks(content);
  // "Image credit: …", "Kittiwut | Getty Images": who owns a picture, not what the page says.
  removePhotoCredits(content);
  removeHelpPopups(content);
  // A brand and a name the stylesheet sets on two lines run together without CSS ("MerrellMoab").
  separateGluedInlines(content);
  quietRepeatedAlts(content);
  keepPageHeading(content, heading);
  // Promo bars, breadcrumbs and shipping banners sit above a product's name; its photos stay.
  if (pageType === 'product') removeTextBeforeProductName(content);
  return { content, pageType };
}

/** Readability's pick unless it holds less than `minShare` of the region's text (it cut the page). */
function morePromising(article: Element | null, region: Element, minShare: number): Element {
  return article && textLength(article) >= textLength(region) * minShare ? article : region;
}

function reparsedBody(page: MainContentPage): Element {
  const body = page.reparse().body;
  unwrapContentNoscripts(body);
  revealTabPanels(body);
  return body;
}

/**
 * The article Readability finds, minus the furniture, asides and repeated blocks its container
 * still holds, or null when it finds no text. Consumes `document` (Readability rewrites it).
 */
function readableArticle(document: HtmlDocument, pageType: PageType): Element | null {
  const article = readabilityArticle(document, pageType === 'documentation');
  if (!article) return null;
  removeBoilerplate(article);
  // Readability sometimes picks the densest carousel of other products or posts.
  removeSectionsAboutOtherPages(article, pageType);
  removeNonArticleParts(article, partsKind(pageType));
  removeDuplicateBlocks(article);
  return hasText(article) ? article : null;
}

/**
 * The page's main region minus page furniture and blocks about other pages. `knownRegion` is
 * `findMainRegion(body)` when the caller has it already (measuring a page's text is not free).
 */
function withoutFurniture(body: Element, pageType: PageType, url: string, knownRegion?: Element): Element {
  const mainRegion = (pageType === 'forum' ? findThreadRegion(body) : null) ?? knownRegion ?? findMainRegion(body);
  const region =
    (pageType === 'product' ? findProductRegion(mainRegion) : pageType === 'documentation' ? findDocsRegion(mainRegion) : null) ??
    mainRegion;
  removeBoilerplate(region);
  removeSectionsAboutOtherPages(region, pageType);
  // One product's page shows other products only as recommendations.
  if (pageType === 'product') {
    for (const grid of findCardGrids(region)) if (isProductGrid(grid)) grid.remove();
    removeOtherProductCards(region, url);
  }
  // On a thread the comments are the content.
  if (pageType !== 'forum') removeNonArticleParts(region, partsKind(pageType));
  else removeThreadChrome(region);
  removeActionChrome(region);
  removeDuplicateBlocks(region);
  return region;
}

/** Which blocks `removeNonArticleParts` takes: a landing page's promos are its sections, an article's menus are Readability's to judge. */
function partsKind(pageType: PageType): 'article' | 'landing page' | 'page' | 'grid' | 'product' | 'documentation' {
  if (pageType === 'documentation' || pageType === 'product') return pageType;
  // A category page's cards are its products, whatever their class words.
  if (pageType === 'collection') return 'grid';
  return pageType === 'service' ? 'landing page' : pageType === 'article' ? 'article' : 'page';
}

/** Related posts, recommendations and the like, except where such teasers are the page (listings). */
function removeSectionsAboutOtherPages(root: Element, pageType: PageType): void {
  if (pageType === 'listing' || pageType === 'collection') return;
  removeRelatedSections(root, pageType === 'product' ? MAX_SHARE_OF_PRODUCT_TEXT : undefined);
}
