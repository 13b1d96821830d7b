/**
 * The `product` format without a model: the page's schema.org Product (JSON-LD first, then
 * microdata), else what its meta tags and heading say (`og:title`, `product:price:amount`…).
 * Pure over a parsed page. What the page does not say is left out and named in `missing`,
 * so a model (when one is configured) is asked for those fields only (llm/profile-fill.ts).
 */
import type { HtmlDocument } from '../dom/parse.js';
import { httpUrlWithoutFragment } from '../assembly/urls.js';
import { isOfType, many, nodesOf, text, type LdNode } from './json-ld.js';
import { toPrice } from './prices.js';
import type { Availability, ImageRef, Price, ProductProfile, ProductVariant } from './types.js';

const PRODUCT_TYPES = new Set(['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel', 'Vehicle', 'Car']);
const GROUP_TYPES = new Set(['ProductGroup']);
const OFFER_TYPES = new Set(['Offer', 'AggregateOffer']);
/** schema.org ItemAvailability values a buyer can order now. */
const ORDERABLE = new Set([
  'InStock',
  'LimitedAvailability',
  'OnlineOnly',
  'InStoreOnly',
  'PreOrder',
  'PreSale',
  'BackOrder',
  'MadeToOrder',
]);
/** Properties a variant differs by, when a page names them outright. */
const VARIANT_PROPERTIES = ['color', 'size', 'material', 'pattern', 'model'];
const MAX_VARIANTS = 200;
const MAX_IMAGES = 20;

/** The product fields a page may leave unsaid (what a model may fill). */
export type ProductField = 'title' | 'brand' | 'category' | 'description' | 'price' | 'availability' | 'images';

export interface ProductReading {
  /** Absent when the page shows no product at all. */
  product?: ProductProfile;
}

/** The product of a page whose structured data is `nodes` (JSON-LD, then microdata items). */
export function readProduct(
  document: HtmlDocument,
  pageUrl: string,
  nodes: readonly LdNode[],
  meta: ReadonlyMap<string, string>,
): ProductReading {
  const candidates = nodes.filter((node) => isOfType(node, PRODUCT_TYPES));
  // A ProductGroup holds the variants; a product page may also list related products after its own.
  const main = candidates.find((node) => isOfType(node, GROUP_TYPES)) ?? candidates[0];
  const product = main ? fromNode(main, pageUrl) : fromMeta(document, pageUrl, meta);
  return product ? { product } : {};
}

function fromNode(node: LdNode, pageUrl: string): ProductProfile {
  const title = text(node.name) ?? '';
  const brand = text(node.brand) ?? text(node.manufacturer);
  const category = categoryOf(node.category);
  const description = text(node.description);
  const url = (typeof node.url === 'string' && httpUrlWithoutFragment(node.url, pageUrl)) || pageUrl;
  const images = imagesOf(node.image, pageUrl);
  const variantNodes = nodesOf(node.hasVariant).slice(0, MAX_VARIANTS);
  const variants = variantNodes.length
    ? variantNodes.flatMap((variant) => variantsOfOffers(variant, imagesOf(variant.image, pageUrl), images, true))
    : variantsOfOffers(node, images, images, false);
  return {
    title,
    ...(brand ? { brand } : {}),
    ...(category ? { category } : {}),
    url,
    ...(description ? { description } : {}),
    variants: variants.length ? variants : [{ availability: { inStock: false, text: 'unknown' }, ...(images.length ? { images } : {}) }],
  };
}

/** One variant per offer of `node`: a ProductGroup's variant (named by its own name), or a product. */
function variantsOfOffers(node: LdNode, images: ImageRef[], fallbackImages: ImageRef[], isVariant: boolean): ProductVariant[] {
  const offers = nodesOf(node.offers).flatMap((offer) => (nodesOf(offer.offers).length ? nodesOf(offer.offers) : [offer]));
  const ownOffers = offers.filter((offer) => offer['@type'] === undefined || isOfType(offer, OFFER_TYPES));
  const values = variantValues(node);
  const sku = text(node.sku);
  const id = text(node.productID) ?? text(node['@id']) ?? sku;
  const title = isVariant ? text(node.name) : undefined;
  const base = {
    ...(id ? { id } : {}),
    ...(sku ? { sku } : {}),
    ...(Object.keys(values).length ? { values } : {}),
  };
  const shownImages = images.length ? images : fallbackImages;
  const list = (ownOffers.length ? ownOffers : [undefined]).slice(0, MAX_VARIANTS).map((offer): ProductVariant => {
    const price = offer ? offerPrice(offer) : undefined;
    const original = offer ? listPrice(offer, price?.currency) : undefined;
    const offerSku = offer ? text(offer.sku) : undefined;
    return {
      ...base,
      ...(offerSku && !sku ? { sku: offerSku, id: id ?? offerSku } : {}),
      ...(title ? { title } : offer && ownOffers.length > 1 && text(offer.name) ? { title: text(offer.name)! } : {}),
      ...(price ? { price } : {}),
      ...(original && price && original.amount > price.amount ? { sale: { originalPrice: original } } : {}),
      availability: availabilityOf(offer?.availability),
      ...(shownImages.length ? { images: shownImages } : {}),
    };
  });
  return list;
}

function offerPrice(offer: LdNode): Price | undefined {
  const currency = text(offer.priceCurrency);
  const direct = toPrice(firstScalar(offer.price) ?? firstScalar(offer.lowPrice), currency);
  if (direct) return direct;
  for (const spec of nodesOf(offer.priceSpecification)) {
    const type = text(spec.priceType) ?? '';
    if (type.endsWith('StrikethroughPrice') || type.endsWith('ListPrice')) continue;
    const price = toPrice(firstScalar(spec.price), text(spec.priceCurrency) ?? currency);
    if (price) return price;
  }
  return undefined;
}

/** The price before a sale, when the offer states it (a StrikethroughPrice or ListPrice specification). */
function listPrice(offer: LdNode, currency: string | undefined): Price | undefined {
  for (const spec of nodesOf(offer.priceSpecification)) {
    const type = text(spec.priceType) ?? '';
    if (type.endsWith('StrikethroughPrice') || type.endsWith('ListPrice'))
      return toPrice(firstScalar(spec.price), text(spec.priceCurrency) ?? currency);
  }
  return undefined;
}

function availabilityOf(value: unknown): Availability {
  const stated = text(value);
  if (!stated) return { inStock: false, text: 'unknown' };
  const name = stated.slice(stated.lastIndexOf('/') + 1);
  return { inStock: ORDERABLE.has(name) || /^in stock$/i.test(name), text: name };
}

function variantValues(node: LdNode): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of VARIANT_PROPERTIES) {
    const value = text(node[key]);
    if (value) values[key] = value;
  }
  for (const property of nodesOf(node.additionalProperty)) {
    const name = text(property.name);
    const value = text(property.value);
    if (name && value) values[name] = value;
  }
  return values;
}

function imagesOf(value: unknown, pageUrl: string): ImageRef[] {
  const images: ImageRef[] = [];
  for (const entry of many(value).slice(0, MAX_IMAGES)) {
    const node = entry && typeof entry === 'object' ? (entry as LdNode) : undefined;
    const raw = node ? (text(node.contentUrl) ?? text(node.url)) : typeof entry === 'string' ? entry : undefined;
    const url = raw && httpUrlWithoutFragment(raw, pageUrl);
    if (!url || images.some((image) => image.url === url)) continue;
    const alt = node ? (text(node.caption) ?? text(node.name)) : undefined;
    images.push({ url, ...(alt ? { alt } : {}) });
  }
  return images;
}

function categoryOf(value: unknown): string | undefined {
  const names = many(value)
    .map((entry) => text(entry))
    .filter((entry): entry is string => Boolean(entry));
  return names.length ? names.join(' > ') : undefined;
}

function firstScalar(value: unknown): string | number | undefined {
  const first = many(value)[0];
  return typeof first === 'string' || typeof first === 'number' ? first : undefined;
}

/** Whether the nodes hold a product (so microdata need not be read too). */
export function declaresProduct(nodes: readonly LdNode[]): boolean {
  return nodes.some((node) => isOfType(node, PRODUCT_TYPES));
}

/** A product from the page's meta tags (Open Graph product tags, `og:title`, the H1), when it states a price. */
function fromMeta(document: HtmlDocument, pageUrl: string, tags: ReadonlyMap<string, string>): ProductProfile | undefined {
  const meta = (name: string) => tags.get(name);
  const amount = meta('product:price:amount') ?? meta('og:price:amount');
  if (!amount) return undefined;
  const price = toPrice(amount, meta('product:price:currency') ?? meta('og:price:currency'));
  const title = meta('og:title') ?? document.getElementsByTagName('h1')[0]?.textContent?.trim() ?? document.title.trim();
  const image = meta('og:image');
  const imageUrl = image && httpUrlWithoutFragment(image, pageUrl);
  const brand = meta('product:brand') ?? meta('og:brand');
  const description = meta('og:description') ?? meta('description');
  const stock = meta('product:availability') ?? meta('og:availability');
  return {
    title,
    ...(brand ? { brand } : {}),
    url: pageUrl,
    ...(description ? { description } : {}),
    variants: [
      {
        ...(price ? { price } : {}),
        availability: stock
          ? { inStock: /^(in ?stock|instock|available|preorder)$/i.test(stock), text: stock }
          : { inStock: false, text: 'unknown' },
        ...(imageUrl ? { images: [{ url: imageUrl }] } : {}),
      },
    ],
  };
}

/** What the product leaves unsaid (every field when there is none). */
export function missingFields(product: ProductProfile | undefined): ProductField[] {
  if (!product) return ['title', 'brand', 'category', 'description', 'price', 'availability', 'images'];
  const missing: ProductField[] = [];
  if (!product.title) missing.push('title');
  if (!product.brand) missing.push('brand');
  if (!product.category) missing.push('category');
  if (!product.description) missing.push('description');
  if (!product.variants.some((variant) => variant.price)) missing.push('price');
  if (product.variants.every((variant) => variant.availability.text === 'unknown')) missing.push('availability');
  if (!product.variants.some((variant) => variant.images?.length)) missing.push('images');
  return missing;
}
