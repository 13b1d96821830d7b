/**
 * The `product` and `menu` formats with a model: what the page stated is kept as it is, and the
 * model is asked only for what it left out (a product's missing fields; a whole menu when the
 * page's layout showed none). Pure merging here, the asking through extractFromText.
 */
import { missingFields, type ProductField } from '../content/profiles/product.js';
import { toPrice } from '../content/profiles/prices.js';
import type { MenuProfile, ProductProfile } from '../content/profiles/types.js';
import type { LlmProvider, LlmUsage } from '../ports/llm.js';
import { extractFromText } from './extract-from-text.js';

const FIELD_SCHEMAS: Record<ProductField, Record<string, unknown>> = {
  title: { type: 'string', description: "The product's name" },
  brand: { type: 'string' },
  category: { type: 'string' },
  description: { type: 'string' },
  price: {
    type: 'object',
    properties: { amount: { type: 'number' }, currency: { type: 'string', description: 'ISO 4217 code' } },
    required: ['amount'],
  },
  availability: { type: 'object', properties: { inStock: { type: 'boolean' }, text: { type: 'string' } }, required: ['inStock'] },
  images: { type: 'array', items: { type: 'string', description: 'An image URL of the product' } },
};

interface PageText {
  markdown: string;
  url: string;
  title?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** The product with the fields the page left out filled by the model; undefined when neither page nor model shows one. */
export async function fillProduct(
  llm: LlmProvider,
  product: ProductProfile | undefined,
  page: PageText,
): Promise<{ product: ProductProfile | undefined; usage: LlmUsage; filled: ProductField[] }> {
  const missing = missingFields(product);
  const schema = { type: 'object', properties: Object.fromEntries(missing.map((field) => [field, FIELD_SCHEMAS[field]])) };
  const { value, usage } = await extractFromText(llm, {
    content: page.markdown,
    schema,
    prompt: `Read the product this page sells, if any. Give only these fields: ${missing.join(', ')}.`,
    url: page.url,
    ...(page.title ? { title: page.title } : {}),
    ...(page.signal ? { signal: page.signal } : {}),
  });
  const merged = mergeProduct(product, value, page.url);
  return { product: merged, usage, filled: missing.filter((field) => value[field] !== null && value[field] !== undefined) };
}

/** `product` with the model's answers for the fields it lacked; the page's own values always win. Pure. */
export function mergeProduct(
  product: ProductProfile | undefined,
  answer: Record<string, unknown>,
  pageUrl: string,
): ProductProfile | undefined {
  const title = product?.title || stringOf(answer.title);
  if (!title) return product;
  const brand = product?.brand ?? stringOf(answer.brand);
  const category = product?.category ?? stringOf(answer.category);
  const description = product?.description ?? stringOf(answer.description);
  const priceAnswer = answer.price as { amount?: unknown; currency?: unknown } | null | undefined;
  const price = priceAnswer ? toPrice(priceAnswer.amount, stringOf(priceAnswer.currency)) : undefined;
  const stock = answer.availability as { inStock?: unknown; text?: unknown } | null | undefined;
  const availability =
    typeof stock?.inStock === 'boolean'
      ? { inStock: stock.inStock, ...(stringOf(stock.text) ? { text: stringOf(stock.text)! } : {}) }
      : undefined;
  const images = Array.isArray(answer.images)
    ? answer.images.filter((url): url is string => typeof url === 'string' && /^https?:\/\//.test(url)).map((url) => ({ url }))
    : [];
  const variants = (product?.variants.length ? product.variants : [{ availability: { inStock: false, text: 'unknown' } }]).map(
    (variant) => ({
      ...variant,
      ...(!variant.price && price ? { price } : {}),
      ...(variant.availability.text === 'unknown' && availability ? { availability } : {}),
      ...(!variant.images?.length && images.length ? { images } : {}),
    }),
  );
  return {
    title,
    ...(brand ? { brand } : {}),
    ...(category ? { category } : {}),
    url: product?.url ?? pageUrl,
    ...(description ? { description } : {}),
    variants,
  };
}

const MENU_SCHEMA = {
  type: 'object',
  properties: {
    merchant: { type: 'string', description: 'The restaurant or shop whose menu this is' },
    sections: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                description: { type: 'string' },
                price: { type: 'number' },
                currency: { type: 'string' },
              },
              required: ['name'],
            },
          },
        },
        required: ['name', 'items'],
      },
    },
  },
  required: ['sections'],
};

/** A menu read by the model, for a page whose layout showed none; undefined when the model finds none either. */
export async function readMenuWithModel(llm: LlmProvider, page: PageText): Promise<{ menu: MenuProfile | undefined; usage: LlmUsage }> {
  const { value, usage } = await extractFromText(llm, {
    content: page.markdown,
    schema: MENU_SCHEMA,
    prompt: 'Read the food or drinks menu this page shows, if any: its sections and their items with prices.',
    url: page.url,
    ...(page.title ? { title: page.title } : {}),
    ...(page.signal ? { signal: page.signal } : {}),
  });
  return { menu: menuFromAnswer(value, page.url), usage };
}

/** The model's menu in the format's shape (ids numbered in order, as the page reader numbers them). Pure. */
export function menuFromAnswer(answer: Record<string, unknown>, pageUrl: string): MenuProfile | undefined {
  let itemNumber = 0;
  const sections = (Array.isArray(answer.sections) ? answer.sections : []).flatMap((section, index) => {
    const entry = section as { name?: unknown; items?: unknown };
    const items = (Array.isArray(entry.items) ? entry.items : []).flatMap((item) => {
      const { name, description, price, currency } = item as Record<string, unknown>;
      const itemName = stringOf(name);
      if (!itemName) return [];
      const itemPrice = toPrice(price, stringOf(currency));
      return [
        {
          id: `item-${++itemNumber}`,
          name: itemName,
          ...(stringOf(description) ? { description: stringOf(description)! } : {}),
          images: [],
          ...(itemPrice ? { price: itemPrice } : {}),
          availability: { inStock: true },
          dietary: [],
          optionGroups: [],
          identifiers: {},
          sourceUrl: pageUrl,
        },
      ];
    });
    return items.length ? [{ id: `section-${index + 1}`, name: stringOf(entry.name) ?? 'Menu', items }] : [];
  });
  if (!sections.length) return undefined;
  const currency = sections.flatMap((section) => section.items).find((item) => item.price?.currency)?.price?.currency ?? null;
  // A model's reading of a layout is less sure than the page's own structured data.
  return {
    isMenu: true,
    confidence: 0.7,
    merchant: { name: stringOf(answer.merchant) ?? '', type: null },
    currency,
    sections,
    sourceUrl: pageUrl,
  };
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
