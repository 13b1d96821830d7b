import { copyPageHeading, findPageHeading } from './assembly/page-heading.js';
import { correspondingElement } from './dom/tree-walk.js';
import { hasText, textLength } from './dom/text.js';
import type { HtmlDocument } from './dom/parse.js';
import { classifyPage, declaresArticle, type PageType } from './page-type/page-type.js';
import type { PageSignals } from './page-type/page-signals.js';
import { MIN_ARTICLE_SHARE_OF_ARTICLE_PAGE, READING_POLICY } from './readings.js';
import { findMainRegion, measuredMainRegion } from './regions/main-region.js';
import { readabilityArticle } from './regions/readability.js';
import { explainDecision } from './steps/explain.js';
import { restoreKeptBlocks, runPhase, saveKeptBlocks, type StepRunOptions } from './steps/run-steps.js';
import type { StepContext } from './steps/step.js';

/**
 * Below this much text in its main region a page is short. Readability scores blocks by their
 * prose; on a page with little text (a short docs page, a contact page, an FAQ) a footer or
 * sidebar can outscore the real content, and such pages are small enough for furniture
 * removal to be exact, so they never go to Readability.
 */
const SHORT_PAGE_CHARS = 600;

export interface MainContentPage {
  document: HtmlDocument;
  url: string;
  /** What the page's markup said about its kind, read before noise removal (JSON-LD lives in scripts). */
  signals: PageSignals;
  /** A fresh, noise-free parse of the page, for the rare article Readability kept almost nothing of. */
  reparse: () => HtmlDocument;
  /** The explain trace to fill and the steps to skip (library-only). */
  steps?: StepRunOptions;
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
 * (where Readability picks footers) take the region at once (readings.ts says how each kind is
 * read). The registry's steps (steps/registry.ts) clean the body, each reading and the chosen
 * content, each on the kinds it names. Consumes `page.document`.
 */
export function extractMainContent(page: MainContentPage): MainContent {
  const run = page.steps ?? {};
  const body = page.document.body;
  const pageType = classifyPage(page.url, page.signals);
  const context: StepContext = { url: page.url, pageType, signals: page.signals, heading: null, pageHeading: null };
  runPhase('tree', body, context, run);
  context.pageHeading = findPageHeading(body);
  context.heading = copyPageHeading(context.pageHeading);
  run.trace?.push(explainDecision('page-kind', pageType, body));
  runPhase('page', body, context, run);
  // Saved before any reading changes the page: what every reading can lose (a blog's post body).
  const keptEverywhere = saveKeptBlocks(body, context, run, true);
  const policy = READING_POLICY[pageType];
  const { region: mainRegion, text: regionText } = measuredMainRegion(body);
  let content: Element;
  if (policy.regionOnly || regionText < SHORT_PAGE_CHARS) {
    content = regionReading(body, context, run, mainRegion);
    run.trace?.push(
      explainDecision('reading', policy.regionOnly ? 'the region (region only for this kind)' : 'the region (a short page)', content),
    );
  } else if (policy.trustsDeclaredArticle && declaresArticle(page.url, page.signals)) {
    // Most pages a crawler meets are articles that say so. The region's text before furniture
    // removal bounds its text after, so a pick holding enough of it wins without a second
    // reading; only a pick that kept almost nothing pays for a fresh parse.
    const article = readableArticle(page.document, context, run);
    if (article && textLength(article) >= regionText * MIN_ARTICLE_SHARE_OF_ARTICLE_PAGE) {
      content = article;
      run.trace?.push(explainDecision('reading', 'Readability’s pick (a declared article)', content));
    } else {
      const region = regionReading(reparsedBody(page, context, run), context, run);
      content = morePromising(article, region, MIN_ARTICLE_SHARE_OF_ARTICLE_PAGE, run);
    }
  } else {
    // Readability rewrites the document it reads; the region reading works on a copy.
    const copy = body.cloneNode(true) as Element;
    // Found before Readability rewrites the original.
    const copyRegion = correspondingElement(body, copy, mainRegion) ?? undefined;
    const kept = saveKeptBlocks(body, context, run);
    const article = readableArticle(page.document, context, run);
    const region = readingRegion(copy, context, copyRegion);
    // The region steps only remove blocks, so the region's text before them bounds its text
    // after: a pick holding enough of the former wins without cleaning a reading it beats
    // (the explain trace still runs them, to show every step).
    const articleWinsAnyway = !run.trace && article !== null && textLength(article) >= textLength(region) * policy.minArticleShare;
    if (articleWinsAnyway) content = article;
    else content = morePromising(article, cleanedRegion(region, context, run), policy.minArticleShare, run);
    content = restoreKeptBlocks(content, kept, run);
  }
  content = restoreKeptBlocks(content, keptEverywhere, run);
  runPhase('content', content, context, run);
  return { content, pageType };
}

/** Readability's pick unless it holds less than `minShare` of the region's text (it cut the page). */
function morePromising(article: Element | null, region: Element, minShare: number, run: StepRunOptions): Element {
  const articleWins = article !== null && textLength(article) >= textLength(region) * minShare;
  run.trace?.push(
    explainDecision(
      'reading',
      articleWins
        ? `Readability’s pick (at least ${minShare} of the region’s text)`
        : `the region (Readability’s pick held less than ${minShare} of its text)`,
      articleWins ? article : region,
    ),
  );
  return articleWins ? article : region;
}

function reparsedBody(page: MainContentPage, context: StepContext, run: StepRunOptions): Element {
  const body = page.reparse().body;
  runPhase('tree', body, context, run);
  return body;
}

/**
 * The article Readability finds, cleaned by the `article` steps, or null when it finds no text.
 * Consumes `document` (Readability rewrites it).
 */
function readableArticle(document: HtmlDocument, context: StepContext, run: StepRunOptions): Element | null {
  const article = readabilityArticle(document, READING_POLICY[context.pageType].sectionIdsAreAnchors);
  if (!article) return null;
  runPhase('article', article, context, run);
  return hasText(article) ? article : null;
}

/**
 * The page's main region cleaned by the `region` steps. `knownRegion` is `findMainRegion(body)`
 * when the caller has it already (measuring a page's text is not free).
 */
function regionReading(body: Element, context: StepContext, run: StepRunOptions, knownRegion?: Element): Element {
  return cleanedRegion(readingRegion(body, context, knownRegion), context, run);
}

/** The region the region reading reads, before its steps clean it. */
function readingRegion(body: Element, context: StepContext, knownRegion?: Element): Element {
  const policy = READING_POLICY[context.pageType];
  const mainRegion = policy.regionInBody?.(body) ?? knownRegion ?? findMainRegion(body);
  return policy.regionInMain?.(mainRegion) ?? mainRegion;
}

/** The region cleaned by the `region` steps, which only remove blocks (never add text). */
function cleanedRegion(region: Element, context: StepContext, run: StepRunOptions): Element {
  runPhase('region', region, context, run);
  return region;
}
