/**
 * v0's `generateImgAltText`: images in the Markdown that have no alt text get one written by a
 * vision-capable model. Images are fetched here, through the same engine and SSRF policy as
 * pages, and handed to the model as bytes; the adapter never fetches a URL itself.
 */
import { httpFetch } from '../fetch/http-engine.js';
import { addUsage, NO_USAGE, type LlmAnswer, type LlmImage, type LlmProvider, type LlmUsage } from '../ports/llm.js';
import type { Runtime } from '../runtime/types.js';

export interface AltTextContext {
  llm: LlmProvider;
  /** How images are fetched: the runtime's policy, user agent and dispatcher. */
  runtime: Runtime;
  signal?: AbortSignal;
  /** Images described at most per page (default 10): each one is a model request. */
  maxImages?: number;
}

export interface AltTextResult {
  markdown: string;
  usage: LlmUsage;
  /** Images described. */
  described: number;
  warnings: string[];
}

const DEFAULT_MAX_IMAGES = 10;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const VISION_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
// `![](src)` or `![](src "title")`, with or without whitespace between the brackets.
const EMPTY_ALT_IMAGE = /!\[\s*\]\(\s*(<[^>]+>|[^)\s]+)((?:\s+"[^"]*")?)\s*\)/g;

const ALT_SCHEMA = {
  type: 'object',
  properties: { altText: { type: 'string', description: 'One short sentence, under 125 characters.' } },
  required: ['altText'],
};

/** The image URLs of `markdown` that lack alt text, in order of first appearance. */
export function imagesWithoutAlt(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(EMPTY_ALT_IMAGE)].map((m) => unwrap(m[1]!)))];
}

export async function describeImages(markdown: string, ctx: AltTextContext): Promise<AltTextResult> {
  const urls = imagesWithoutAlt(markdown);
  const chosen = urls.slice(0, ctx.maxImages ?? DEFAULT_MAX_IMAGES);
  const warnings =
    urls.length > chosen.length ? [`Alt text was written for the first ${chosen.length} of ${urls.length} images without one.`] : [];
  const altByUrl = new Map<string, string>();
  let usage = NO_USAGE;
  for (const url of chosen) {
    const image = await loadImage(url, ctx).catch(() => undefined);
    if (!image) continue; // unreadable or not an image a model can see: left as it was
    let answer: LlmAnswer;
    try {
      answer = await ctx.llm.generateObject({
        system: 'You write alt text for images on web pages, for readers who cannot see them.',
        prompt: 'Write the alt text of this image: what it shows, in one short sentence under 125 characters, without "image of".',
        schema: ALT_SCHEMA,
        images: [image],
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
    } catch (error) {
      // Most often a model that cannot see images: every other image would fail the same way.
      warnings.push(`Alt text could not be written (${ctx.llm.model}): ${error instanceof Error ? error.message : String(error)}`);
      break;
    }
    usage = addUsage(usage, answer.usage);
    const alt = String(answer.object.altText ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if (alt) altByUrl.set(url, alt);
  }
  const described = markdown.replace(EMPTY_ALT_IMAGE, (whole, src: string, title: string) => {
    const alt = altByUrl.get(unwrap(src));
    return alt ? `![${alt.replace(/[[\]\\]/g, '\\$&')}](${src}${title})` : whole;
  });
  return { markdown: described, usage, described: altByUrl.size, warnings };
}

async function loadImage(url: string, ctx: AltTextContext): Promise<LlmImage | undefined> {
  if (url.startsWith('data:')) return fromDataUrl(url);
  if (!/^https?:/i.test(url)) return undefined;
  const page = await httpFetch(
    url,
    {
      timeout: 15_000,
      maxBodyBytes: MAX_IMAGE_BYTES,
      userAgent: ctx.runtime.userAgent,
      dispatcher: ctx.runtime.dispatcherFor(false),
      signal: ctx.signal,
    },
    ctx.runtime.policy,
  );
  const mediaType = (page.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (page.status >= 400 || !VISION_TYPES.has(mediaType)) return undefined;
  return { data: page.body, mediaType };
}

function fromDataUrl(url: string): LlmImage | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (!match || !VISION_TYPES.has(match[1]!.toLowerCase())) return undefined;
  return { data: Buffer.from(match[2]!, 'base64'), mediaType: match[1]!.toLowerCase() };
}

function unwrap(src: string): string {
  return src.startsWith('<') && src.endsWith('>') ? src.slice(1, -1) : src;
}
