import type { HtmlDocument } from '../dom/parse.js';
import { readBranding } from './branding.js';
import { jsonLdNodes, type LdNode } from './json-ld.js';
import { mediaUrls } from './media.js';
import { readMenu } from './menu.js';
import { microdataItems } from './microdata.js';
import { metaTags } from './meta-tags.js';
import { declaresProduct, readProduct } from './product.js';
import type { BrandingProfile, MenuProfile, PageProfileName, ProductProfile } from './types.js';

/** What the page profiles put on a Document (v2's field names: `audio` and `video` are the best URL of each). */
export interface PageProfiles {
  product?: ProductProfile;
  menu?: MenuProfile;
  branding?: BrandingProfile;
  audio?: string;
  video?: string;
}

/**
 * The requested profiles of a parsed page, read before cleaning changes it. The page's
 * structured data (JSON-LD, then microdata) and meta tags are read once for all of them.
 */
export function readPageProfiles(
  document: HtmlDocument,
  baseUrl: string,
  pageUrl: string,
  wanted: readonly PageProfileName[],
): PageProfiles {
  if (!wanted.length) return {};
  const jsonLd = jsonLdNodes(document);
  const meta = metaTags(document);
  // Microdata costs a walk of the whole tree: read only when a profile needs more than the JSON-LD.
  let everyNode: LdNode[] | undefined;
  const allNodes = () => (everyNode ??= [...jsonLd, ...microdataItems(document)]);
  const out: PageProfiles = {};
  for (const name of wanted) {
    if (name === 'product') {
      const { product } = readProduct(document, pageUrl, declaresProduct(jsonLd) ? jsonLd : allNodes(), meta);
      if (product) out.product = product;
    } else if (name === 'menu') {
      const menu = readMenu(document, pageUrl, allNodes(), meta);
      if (menu) out.menu = menu;
    } else if (name === 'branding') out.branding = readBranding(document, baseUrl, jsonLd, meta);
    else {
      const url = mediaUrls(document, baseUrl, allNodes(), name, meta)[0];
      if (url) out[name] = url;
    }
  }
  return out;
}
