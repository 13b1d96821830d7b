/**
 * The `menu` format without a model: a schema.org Menu (JSON-LD or microdata: sections, items,
 * offers, diets, calories) with the Restaurant that has it, else the page's own layout: every
 * largest element that shows exactly one price is an item, under the heading before it.
 * Pure over a parsed page.
 */
import type { HtmlDocument } from '../dom/parse.js';
import { httpUrlWithoutFragment } from '../assembly/urls.js';
import { isOfType, nodesOf, text, typesOf, type LdNode } from './json-ld.js';
import { parseAmount, PRICE_IN_TEXT, toPrice } from './prices.js';
import type { ImageRef, MenuItem, MenuProfile, MenuSection, Price } from './types.js';

const MENU_TYPES = new Set(['Menu']);
const SECTION_TYPES = new Set(['MenuSection']);
const ITEM_TYPES = new Set(['MenuItem']);
const MERCHANT_TYPES = new Set([
  'Restaurant',
  'FoodEstablishment',
  'CafeOrCoffeeShop',
  'Bakery',
  'BarOrPub',
  'FastFoodRestaurant',
  'IceCreamShop',
  'Winery',
  'Brewery',
  'LocalBusiness',
]);
const MAX_ITEMS = 1_000;
const MAX_SCANNED_ELEMENTS = 20_000;
/** An item's text is a line or a short paragraph; longer blocks holding one price are prose. */
const MAX_ITEM_CHARS = 400;

/** The page's menu, or undefined when it shows none. */
export function readMenu(
  document: HtmlDocument,
  pageUrl: string,
  nodes: readonly LdNode[],
  meta: ReadonlyMap<string, string>,
): MenuProfile | undefined {
  const merchantNode = nodes.find((node) => isOfType(node, MERCHANT_TYPES));
  const merchant = {
    name: (merchantNode && text(merchantNode.name)) ?? meta.get('og:site_name') ?? document.title.trim(),
    type: merchantNode ? (typesOf(merchantNode)[0] ?? null) : null,
    ...(merchantNode?.address ? { location: merchantNode.address } : {}),
  };
  const structured = structuredSections(nodes, pageUrl);
  const sections = structured.length ? structured : pageSections(document, pageUrl);
  const items = sections.reduce((count, section) => count + section.items.length, 0);
  if (!items) return undefined;
  const currency = sections.flatMap((section) => section.items).find((item) => item.price?.currency)?.price?.currency ?? null;
  // Structured data says outright that this is a menu; a page layout says it less surely, more so the more items it shows.
  const confidence = structured.length ? 0.95 : Math.min(0.85, 0.4 + 0.05 * items);
  return { isMenu: structured.length > 0 || items >= 3, confidence, merchant, currency, sections, sourceUrl: pageUrl };
}

function structuredSections(nodes: readonly LdNode[], pageUrl: string): MenuSection[] {
  const menus = nodes.filter((node) => isOfType(node, MENU_TYPES));
  const sectionNodes = menus.length
    ? menus.flatMap((menu) => nodesOf(menu.hasMenuSection))
    : nodes.filter((node) => isOfType(node, SECTION_TYPES));
  const sections: MenuSection[] = [];
  let itemCount = 0;
  const addSection = (node: LdNode, fallbackName: string) => {
    const items = nodesOf(node.hasMenuItem)
      .filter((item) => isOfType(item, ITEM_TYPES))
      .slice(0, MAX_ITEMS - itemCount)
      .map((item) => structuredItem(item, pageUrl, `item-${++itemCount}`));
    const description = text(node.description);
    if (items.length)
      sections.push({
        id: `section-${sections.length + 1}`,
        name: text(node.name) ?? fallbackName,
        ...(description ? { description } : {}),
        items,
      });
    // Sections nest (a "Drinks" section with "Wine" and "Beer"): each keeps its own items.
    for (const child of nodesOf(node.hasMenuSection)) addSection(child, text(child.name) ?? fallbackName);
  };
  for (const node of sectionNodes) addSection(node, 'Menu');
  // A menu with items and no sections.
  for (const menu of menus) {
    const loose = nodesOf(menu.hasMenuItem);
    if (loose.length) addSection({ name: text(menu.name) ?? 'Menu', hasMenuItem: loose }, 'Menu');
  }
  return sections;
}

function structuredItem(node: LdNode, pageUrl: string, id: string): MenuItem {
  const offer = nodesOf(node.offers)[0];
  const price = offer ? toPrice(firstValue(offer.price), text(offer.priceCurrency)) : undefined;
  const description = text(node.description);
  const calories = parseAmount(text(nodesOf(node.nutrition)[0]?.calories));
  const availability = offer ? text(offer.availability) : undefined;
  const merchantItemId = text(node.sku) ?? text(node.identifier);
  const url = typeof node.url === 'string' ? httpUrlWithoutFragment(node.url, pageUrl) : undefined;
  return {
    id,
    name: text(node.name) ?? '',
    ...(description ? { description } : {}),
    images: imageRefs(node.image, pageUrl),
    ...(price ? { price } : {}),
    availability: availability
      ? { inStock: !/(OutOfStock|SoldOut|Discontinued)$/.test(availability), text: availability.slice(availability.lastIndexOf('/') + 1) }
      : { inStock: true },
    dietary: dietsOf(node.suitableForDiet),
    ...(calories === undefined ? {} : { calories: Math.round(calories) }),
    optionGroups: [],
    identifiers: merchantItemId ? { merchantItemId } : {},
    ...(url ? { url } : {}),
    sourceUrl: pageUrl,
  };
}

/** schema.org RestrictedDiet values as plain words (`https://schema.org/GlutenFreeDiet` → `gluten-free`). */
function dietsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list
    .filter((entry): entry is string => typeof entry === 'string')
    .map((entry) =>
      entry
        .slice(entry.lastIndexOf('/') + 1)
        .replace(/Diet$/, '')
        .replace(/([a-z])([A-Z])/g, '$1-$2')
        .toLowerCase(),
    )
    .filter(Boolean);
}

function imageRefs(value: unknown, pageUrl: string): ImageRef[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.flatMap((entry) => {
    const raw = typeof entry === 'string' ? entry : text((entry as LdNode | null)?.url ?? (entry as LdNode | null)?.contentUrl);
    const url = raw && httpUrlWithoutFragment(raw, pageUrl);
    return url ? [{ url }] : [];
  });
}

function firstValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** Sections from the page's layout: items are the largest elements showing one price, sections the headings before them. */
function pageSections(document: HtmlDocument, pageUrl: string): MenuSection[] {
  const body = document.body;
  if (!body) return [];
  const prices = new Map<Element, number>();
  countPrices(body, prices, { scanned: 0 });
  const sections: MenuSection[] = [];
  let current: MenuSection | undefined;
  let items = 0;
  const visit = (element: Element) => {
    if (items >= MAX_ITEMS) return;
    const tag = element.tagName.toLowerCase();
    if (/^h[1-3]$/.test(tag) && !(prices.get(element) ?? 0)) {
      const name = collapse(element.textContent);
      if (name) current = { id: `section-${sections.length + 1}`, name, items: [] };
      return;
    }
    const count = prices.get(element) ?? 0;
    if (count === 0) return;
    // A block holding a list whose entry shows the price is a section of one item: the entry is the item.
    const inListEntry =
      count === 1 && !/^(?:li|tr|dd)$/.test(tag) && Array.from(element.querySelectorAll('li, tr, dd')).some((entry) => prices.has(entry));
    if (count === 1 && !inListEntry && collapse(element.textContent).length <= MAX_ITEM_CHARS) {
      const item = pageItem(element, pageUrl, `item-${items + 1}`);
      if (!item) return;
      if (!current) current = { id: `section-${sections.length + 1}`, name: 'Menu', items: [] };
      if (!sections.includes(current)) sections.push(current);
      current.items.push(item);
      items++;
      return;
    }
    for (const child of Array.from(element.children)) visit(child);
  };
  for (const child of Array.from(body.children)) visit(child);
  return sections;
}

/** How many prices each element's own text nodes and descendants show (recorded for elements with any, and headings). */
function countPrices(element: Element, counts: Map<Element, number>, budget: { scanned: number }): number {
  if (++budget.scanned > MAX_SCANNED_ELEMENTS) return 0;
  const tag = element.tagName.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript') return 0;
  let count = 0;
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === 3) count += pricesInText(node.textContent ?? '');
    else if (node.nodeType === 1) count += countPrices(node as Element, counts, budget);
  }
  if (count) counts.set(element, count);
  return count;
}

function pricesInText(value: string): number {
  let count = 0;
  let rest = value.slice(0, 5_000);
  for (let match = PRICE_IN_TEXT.exec(rest); match; match = PRICE_IN_TEXT.exec(rest)) {
    count++;
    rest = rest.slice(match.index + match[0].length);
  }
  return count;
}

/** An item from an element showing one price: its name is its first heading or bold text, else the text before the price. */
function pageItem(element: Element, pageUrl: string, id: string): MenuItem | undefined {
  const whole = collapse(element.textContent);
  const priceMatch = PRICE_IN_TEXT.exec(whole);
  if (!priceMatch) return undefined;
  const price: Price | undefined = toPrice(priceMatch[0]);
  const named = element.querySelector('h2, h3, h4, h5, h6, strong, b, dt, [class*="name" i], [class*="title" i]');
  const namedText = named && !PRICE_IN_TEXT.test(collapse(named.textContent)) ? collapse(named.textContent) : '';
  const before = whole
    .slice(0, priceMatch.index)
    .replace(/[\s.·…\-–—|:]+$/, '')
    .trim();
  const name = namedText || before;
  if (!name) return undefined;
  const description = whole
    .replace(priceMatch[0], '')
    .replace(name, '')
    .replace(/^[\s.·…\-–—|:]+|[\s.·…\-–—|:]+$/g, '')
    .trim();
  const image = element.querySelector('img')?.getAttribute('src');
  const imageUrl = image ? httpUrlWithoutFragment(image, pageUrl) : undefined;
  return {
    id,
    name,
    ...(description ? { description } : {}),
    images: imageUrl ? [{ url: imageUrl }] : [],
    ...(price ? { price } : {}),
    availability: { inStock: true },
    dietary: [],
    optionGroups: [],
    identifiers: {},
    sourceUrl: pageUrl,
  };
}

function collapse(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}
