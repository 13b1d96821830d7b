import type { BrandingProfile, MenuProfile, ProductProfile } from './content/profiles/types.js';
import type { ChangeTrackingResult } from './memory/change-status.js';
import type { ExplainStep } from './content/steps/explain.js';

/** Metadata of a scraped page. Page `<meta>` values are kept under their raw names too. */
export interface DocumentMetadata {
  title?: string;
  description?: string;
  language?: string;
  favicon?: string;
  canonical?: string;
  /** The URL as the caller asked for it (not normalised). */
  sourceURL: string;
  /** The final URL after redirects. */
  url: string;
  statusCode: number;
  contentType?: string;
  error?: string;
  /**
   * Set on a crawl's page whose `links` (with main content) were read from a template the crawl
   * learned instead of deciding the main region (docs/crawling.md, "Links of a learned template").
   */
  linksFrom?: 'learned-template';
  [key: string]: string | string[] | number | undefined;
}

export interface ActionResults {
  screenshots: string[];
  scrapes: Array<{ url: string; html: string }>;
  javascriptReturns: Array<{ type: string; value: unknown }>;
  /** The `pdf` actions' prints, as URLs (`data:application/pdf` unless a sink stores them). */
  pdfs: string[];
}

/** An element selector and the attribute whose values the `attributes` option reads. */
export interface AttributeSelector {
  selector: string;
  attribute: string;
}

export interface AttributeValues extends AttributeSelector {
  /** The attribute's value on each matching element that has it, in page order. */
  values: string[];
}

/** What a scrape produces: only the requested formats are present. */
export interface Document {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  /** With the `images` option: every image URL of the raw page, absolute and deduplicated. */
  images?: string[];
  /** With the `attributes` option: the values each selector and attribute found on the raw page. */
  attributes?: AttributeValues[];
  screenshot?: string;
  json?: unknown;
  /** With `profiles: ['product']`: the page's product (schema.org data, else its meta tags; a model fills what it lacks). */
  product?: ProductProfile;
  /** With `profiles: ['menu']`: the page's menu, its sections and priced items. */
  menu?: MenuProfile;
  /** With `profiles: ['branding']`: colours, fonts, logo and favicon from the page and its CSS. */
  branding?: BrandingProfile;
  /** With `profiles: ['audio']` / `['video']`: the page's main audio or video URL (content/profiles/media.ts says which wins). */
  audio?: string;
  video?: string;
  /** With `question`: the model's answer from the page. */
  answer?: string;
  /** With `highlightsQuery`: the page's passages most relevant to it, best first, separated by blank lines. */
  highlights?: string;
  actions?: ActionResults;
  warning?: string;
  /** PDFs with `pdfOptions.pages`: each physical page's Markdown. */
  pages?: Array<{ pageNumber: number; markdown: string }>;
  /** With change tracking: how the page compares with its previous scrape (memory/). */
  changeTracking?: ChangeTrackingResult;
  /**
   * With `explain` (library and CLI only, never the API): each main-content step that ran, in
   * order, with what it changed (docs/content.md).
   */
  explain?: ExplainStep[];
  metadata: DocumentMetadata;
}
