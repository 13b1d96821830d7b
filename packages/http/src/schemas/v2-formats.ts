/**
 * The v2 `formats` list: each entry a name (`"markdown"`) or an object (`{type: "json", prompt}`),
 * as the 4.x SDK sends it. Every entry is checked against its own schema; a format Trawl does not
 * produce is a 400 naming it, so a client never waits for output that will not come.
 */
import {
  MAX_ATTRIBUTE_NAME_LENGTH,
  MAX_ATTRIBUTE_SELECTORS,
  MAX_QUERY_CHARS,
  MAX_SELECTOR_LENGTH,
  changeTrackingOptionsSchema,
  screenshotQualitySchema,
  viewportSchema,
} from '@trawl/core/server';
import { z } from 'zod';

const MAX_FORMATS = 20;
const MAX_PROMPT_CHARS = 10_000;

const jsonSchemaObject = z.record(z.string(), z.unknown());

/** Formats by `type`, each with the fields its object form may carry. */
const FORMAT_SCHEMAS = {
  markdown: z.strictObject({ type: z.literal('markdown') }),
  html: z.strictObject({ type: z.literal('html') }),
  rawHtml: z.strictObject({ type: z.literal('rawHtml') }),
  links: z.strictObject({ type: z.literal('links') }),
  images: z.strictObject({ type: z.literal('images') }),
  summary: z.strictObject({ type: z.literal('summary') }),
  screenshot: z.strictObject({
    type: z.literal('screenshot'),
    fullPage: z.boolean().optional(),
    quality: screenshotQualitySchema.optional(),
    viewport: viewportSchema.optional(),
  }),
  json: z
    .strictObject({
      type: z.literal('json'),
      prompt: z.string().max(MAX_PROMPT_CHARS).optional(),
      schema: jsonSchemaObject.optional(),
      checkPromptInjection: z.boolean().optional(),
    })
    .refine((format) => format.prompt !== undefined || format.schema !== undefined, {
      message: 'the json format needs a prompt, a schema or both',
    }),
  attributes: z.strictObject({
    type: z.literal('attributes'),
    selectors: z
      .array(
        z.strictObject({
          selector: z.string().min(1).max(MAX_SELECTOR_LENGTH),
          attribute: z.string().min(1).max(MAX_ATTRIBUTE_NAME_LENGTH),
        }),
      )
      .min(1)
      .max(MAX_ATTRIBUTE_SELECTORS),
  }),
  // Compares with the page's previous scrape (core's memory/): modes, a schema or prompt for json mode, a tag.
  changeTracking: changeTrackingOptionsSchema.extend({ type: z.literal('changeTracking') }).strict(),
  // Read from the page itself (core's content/profiles/); a model fills what a product or menu lacks when configured.
  product: z.strictObject({ type: z.literal('product') }),
  menu: z.strictObject({ type: z.literal('menu') }),
  branding: z.strictObject({ type: z.literal('branding') }),
  audio: z.strictObject({ type: z.literal('audio') }),
  video: z.strictObject({ type: z.literal('video') }),
  // A model answers from the page (core's llm/question.ts).
  question: z.strictObject({ type: z.literal('question'), question: z.string().trim().min(1).max(MAX_QUERY_CHARS) }),
  // BM25 over the page's Markdown, reranked by a model when configured (core's formats/highlights.ts).
  highlights: z.strictObject({ type: z.literal('highlights'), query: z.string().trim().min(1).max(MAX_QUERY_CHARS) }),
  // The SDK's deprecated form of question (firecrawl-mcp still sends it): answered into `answer` the same way.
  query: z.strictObject({
    type: z.literal('query'),
    prompt: z.string().trim().min(1).max(MAX_QUERY_CHARS),
    mode: z.enum(['freeform', 'directQuote']).optional(),
  }),
} as const;

type FormatSchemas = typeof FORMAT_SCHEMAS;
export type V2FormatName = keyof FormatSchemas;
export type V2Format = { [K in V2FormatName]: z.output<FormatSchemas[K]> }[V2FormatName];

/** Formats whose name alone says too little. */
const NEEDS_OBJECT = new Set<string>(['json', 'attributes', 'question', 'highlights', 'query']);

function isFormatName(type: string): type is V2FormatName {
  return Object.hasOwn(FORMAT_SCHEMAS, type);
}

const formatEntrySchema = z.union([z.string().max(100), z.looseObject({ type: z.string().max(100) })]).transform((value, ctx): V2Format => {
  const type = typeof value === 'string' ? value : value.type;
  if (!isFormatName(type)) {
    const message = `"${type}" is not a format (known: ${Object.keys(FORMAT_SCHEMAS).join(', ')})`;
    ctx.addIssue({ code: 'custom', message, params: { code: 'unsupported_format' } });
    return z.NEVER;
  }
  if (typeof value === 'string' && NEEDS_OBJECT.has(type)) {
    ctx.addIssue({ code: 'custom', message: `the ${type} format must be an object: { type: "${type}", … }` });
    return z.NEVER;
  }
  const parsed = FORMAT_SCHEMAS[type].safeParse(typeof value === 'string' ? { type } : value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ ...issue, code: 'custom', message: `${type} format: ${issue.message}`, path: issue.path } as never);
    return z.NEVER;
  }
  return parsed.data;
});

/** The list as sent; the default is Markdown, as in Firecrawl. */
export const v2FormatsSchema = z
  .array(formatEntrySchema)
  .min(1)
  .max(MAX_FORMATS)
  .superRefine((formats, ctx) => {
    const seen = new Set<string>();
    for (const format of formats) {
      if (seen.has(format.type)) ctx.addIssue({ code: 'custom', message: `the ${format.type} format is listed twice` });
      seen.add(format.type);
    }
  });

/** The format of `type` in the list, typed. */
export function findFormat<K extends V2FormatName>(formats: readonly V2Format[], type: K): Extract<V2Format, { type: K }> | undefined {
  return formats.find((format): format is Extract<V2Format, { type: K }> => format.type === type);
}
