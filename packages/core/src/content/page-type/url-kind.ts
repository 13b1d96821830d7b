import type { PageType } from './page-types.js';

/**
 * What a URL's shape says about the page behind it, or null when it says nothing. Forum software
 * and shops use a handful of URL conventions (Discourse's /t/, phpBB's viewtopic.php, Shopify's
 * /products/…), so the URL is the cheapest and often the surest signal.
 */
export function pageTypeFromUrl(url: string): PageType | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase();
  const path = parsed.pathname.toLowerCase();
  const whole = `${path}${parsed.search.toLowerCase()}`;
  if (FORUM_HOST.test(host) || FORUM_PATH.test(whole)) return 'forum';
  if (DOCS_HOST.test(host) || DOCS_PATH.test(path)) return 'documentation';
  if (PRODUCT_PATH.test(path)) return 'product';
  if (COLLECTION_PATH.test(path)) return 'collection';
  if (SERVICE_PATH.test(path)) return 'service';
  if (LISTING_PATH.test(path)) return 'listing';
  if (ARTICLE_PATH.test(path)) return 'article';
  return null;
}

/**
 * Whether the URL's path names one post: a segment of four words or more (`/why-the-tide-turns`)
 * or a number of four digits or more (a date, an id). Index pages are named by a word or two
 * (`/news/technology`, `/recipes/air-fryer-recipes`) or are the site's root.
 */
export function hasPostSlug(url: string): boolean {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  return path
    .split('/')
    .some((segment) => POST_NUMBER.test(segment) || segment.replace(FILE_EXTENSION, '').split(SLUG_SEPARATOR).filter(Boolean).length >= 4);
}

const POST_NUMBER = /\d{4}/;
const FILE_EXTENSION = /\.[a-z]+$/i;
const SLUG_SEPARATOR = /[-_+.]+/;

const FORUM_HOST =
  /^(?:forums?|community|communities|discuss|discussions?|discourse|users|bbs|boards|answers)\.|(?:^|\.)(?:reddit\.com|stackoverflow\.com|stackexchange\.com|superuser\.com|serverfault\.com|askubuntu\.com|quora\.com|news\.ycombinator\.com|lobste\.rs|mumsnet\.com|netmums\.com|nairaland\.com|webhostingtalk\.com|gamefaqs\.gamespot\.com|slashdot\.org)$/;
// A thread's URL carries its number: /t/slug/123, /threads/slug.456, /topic/789-slug (a /topic/
// without one is a news site's topic index), Lemmy's /post/123 (a blog's /post/ has a slug).
const FORUM_PATH =
  /\/(?:threads?|topics?|t|d)\/[^?#]*\d|\/(?:forums?|discussions?|questions|comments|talk)\/[^/]|\/(?:viewtopic|showthread|showtopic)\.php|\/post\/\d+\/?$|\/item\?id=|\/forums?\/?$/;
const DOCS_HOST = /^(?:docs?|developers?|devdocs|wiki|manual|learn)\.|(?:^|\.)(?:readthedocs\.(?:io|org)|man7\.org)$/;
const DOCS_PATH =
  /\/(?:docs?|documentation|reference|api|manual|handbook|wiki|man|guides?|tutorials?|userguide|getting-started|quickstart)(?:\/|$|-)/;
const PRODUCT_PATH = /\/(?:products?|dp|ip|itm|item|app|p)\/[^/]+/;
const COLLECTION_PATH =
  /\/(?:collections?|categor(?:y|ies)|browse|cat|c|l|b|shop|store|departments?|zgbs|best-sellers)(?:\/|$)|\/subcategory\//;
const SERVICE_PATH =
  /\/(?:services?|solutions?|offerings|what-we-do|industries|capabilities)(?:\/|$|\.html)|-(?:services|consulting|solutions|agency|company)\/?$/;
const LISTING_PATH =
  /\/(?:news|blog|articles|posts|events|reviews|testimonials|courses|jobs|careers|podcasts?|videos|releases|changelog|press)\/?$|\/(?:page)\/\d+\/?$|\/(?:tag|tags|author|archive|archives)\//;
const ARTICLE_PATH = /\/(?:blog|news|articles?|posts?|stories|story|insights?|magazine|journal|press|opinion|reviews?)\/[^/]+/;
