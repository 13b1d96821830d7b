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
  [key: string]: string | string[] | number | undefined;
}

export interface ActionResults {
  screenshots: string[];
  scrapes: Array<{ url: string; html: string }>;
  javascriptReturns: Array<{ type: string; value: unknown }>;
}

/** What a scrape produces: only the requested formats are present. */
export interface Document {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  screenshot?: string;
  json?: unknown;
  actions?: ActionResults;
  warning?: string;
  metadata: DocumentMetadata;
}
