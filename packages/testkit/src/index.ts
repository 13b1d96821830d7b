export { startFixtureSite, type FixtureSiteOptions } from './fixture-site.js';
export type { FixtureSite, RecordedRequest } from './server/recording-server.js';
export { phrases, charsetPhrases } from './phrases.js';
export { crawlGraph, crawlRedirects } from './crawl-graph.js';
export {
  TRAP_SITE_BLOG_PAGES,
  TRAP_SITE_CURRENT_MONTH,
  TRAP_SITE_POSTS,
  TRAP_SITE_PRODUCTS,
} from './pages/traps.js';
export { sitemapPaths } from './routes/robots-sitemaps.js';
export { boilerplateArticle } from './pages/article-boilerplate.js';
export { baseHrefArticle, navInMainArticle } from './pages/articles.js';
export { harbourFurniture, pageTypeFixtures, type PageTypeFixture } from './pages/page-types.js';
export { profileFixtures, type ProfileFixture } from './pages/profiles.js';
export { brokenMarkupPages, type BrokenMarkupPage } from './pages/broken-markup.js';
export { contentFailurePages, type ContentFailurePage } from './pages/content-failures.js';
export { fixtureJson } from './routes/non-html.js';
export {
  documentFixtures,
  brokenDocumentFixtures,
  documentContent,
  stockSheet,
  buildPdf,
  zipArchive,
  type DocumentFixture,
} from './documents/index.js';
export { ECHO_PREFIX, limitPages, oversizeRobotsTxt } from './routes/limits.js';
export { hostilePages } from './routes/hostile.js';
export { hostilePhrases, manyShortLinksPage, nestedTagsPage, unclosedAnchorsPage, type NestedTag } from './pages/hostile.js';
export { BLOCK_PAGES, blockPhrases, STATIC_BLOCK_PAGES, type BlockPageFixture } from './pages/blocks.js';
export { JS_RENDER_DELAY_MS, INFINITE_SCROLL_BATCH, INFINITE_SCROLL_MAX_ITEMS } from './pages/browser.js';
export { startSyntheticSite, type SyntheticSite } from './synthetic/site.js';
export { syntheticPageHtml, syntheticPageLinks } from './synthetic/page.js';
export { isAppShellPage, syntheticAppShellHtml } from './synthetic/app-shell.js';
export { syntheticPagePaths, type SyntheticSiteOptions } from './synthetic/graph.js';
export { startTrawl, startWorkerProcess, trawlBin, waitFor, type WorkerProcess } from './trawl-process.js';
export { killWorkerMidCrawl, type CreditsStoreView, type KilledWorkerFigures, type KilledWorkerScenario } from './killed-worker-credits.js';
export { answer, startReceiver, type ReceivedRequest, type Receiver, type ReceiverHandler } from './webhook-receiver.js';
export { dataUrlImage, jpegSize, pngSize, type ImageSize } from './image-size.js';
export { changingPageHtml, INITIAL_CHANGING_PAGE, type ChangingPageState } from './pages/changing.js';
export type { ChangingPage } from './routes/changing.js';
export {
  createEverySecondMonitor,
  pauseMonitor,
  scheduledRunFaults,
  summarizeScheduledRun,
  deliveriesOf,
  type CheckOutcome,
  type Delivery,
  type ScheduledRunSummary,
} from './monitor-runs.js';
