/**
 * The stand-in's default responder: it "reads" the page it was sent the way a model would be
 * expected to, by plain text rules, so tests see answers that can only come from the page.
 * - A field is found as `Label: value` (label = the property name in words: `unitPrice` ->
 *   "unit price"); numbers are the first number after the label.
 * - An array field is the list under the headings that name it; object items read their own
 *   `label: value` pairs from each list item.
 * - `title`/`name` fall back to the first heading (or the `Title:` line of the prompt),
 *   `description`/`summary` to the first sentence.
 * - Anything not found is null.
 */
import type { JsonSchema } from '@trawl/core/ports';
import type { StandInRequest } from './openai-stand-in.js';

type Schema = Record<string, unknown>;

export function readFromPrompt(request: Pick<StandInRequest, 'firstUserText' | 'schema'>): Record<string, unknown> {
  const text = pageTextOf(request.firstUserText);
  const title = /^Title: (.+)$/m.exec(request.firstUserText)?.[1];
  // A page whose main content lost its title heading still has the title the prompt names.
  const page = title && !/^#{1,6}\s/m.test(text) ? `# ${title}\n\n${text}` : text;
  return request.schema ? fillObject(request.schema, page) : freeForm(page);
}

/** The page inside `<content>…</content>` when the prompt marks it, else the whole prompt. */
export function pageTextOf(prompt: string): string {
  const marked = /<content>\n?([\s\S]*?)\n?<\/content>/.exec(prompt);
  return marked ? marked[1]! : prompt;
}

function fillObject(schema: JsonSchema, text: string): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, fillValue(key, property, text)]));
}

function fillValue(key: string, property: Schema, text: string): unknown {
  const { type, schema } = primaryType(property);
  switch (type) {
    case 'object':
      return fillObject(schema, text);
    case 'array': {
      const items = listUnder(key, text);
      if (!items) return null;
      const itemSchema = (schema.items ?? {}) as Schema;
      return primaryType(itemSchema).type === 'object'
        ? items.map((item) => fillObject(primaryType(itemSchema).schema, item))
        : items.map(plain);
    }
    case 'number':
    case 'integer': {
      const found = labelled(key, text, /(-?\d[\d,]*(?:\.\d+)?)/.source);
      if (found === undefined) return null;
      const value = Number(found.replace(/,/g, ''));
      return type === 'integer' ? Math.round(value) : value;
    }
    case 'boolean': {
      const found = labelled(key, text, '(yes|no|true|false)');
      return found === undefined ? null : /^(yes|true)$/i.test(found);
    }
    default: {
      const found = labelled(key, text, '([^\\n,;|]+)');
      const value = found !== undefined ? plain(found) : fallback(key, text);
      if (value === null || !Array.isArray(schema.enum)) return value;
      return (schema.enum as unknown[]).find((option) => String(option).toLowerCase() === value.toLowerCase()) ?? null;
    }
  }
}

/** The first non-null type of a property, through `type: [t, "null"]` and `anyOf`. */
function primaryType(property: Schema): { type: string; schema: Schema } {
  if (Array.isArray(property.anyOf)) {
    const branch = (property.anyOf as Schema[]).find((b) => b.type !== 'null');
    if (branch) return primaryType(branch);
  }
  const types = Array.isArray(property.type) ? (property.type as string[]) : [property.type as string | undefined];
  const type = types.find((t) => t && t !== 'null') ?? (property.properties ? 'object' : property.items ? 'array' : 'string');
  return { type, schema: property };
}

function labelOf(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s_-]*');
}

/** The value written after `Label:` (or, for numbers, the first one shortly after the label). */
function labelled(key: string, text: string, value: string): string | undefined {
  const label = labelOf(key);
  const direct = new RegExp(`\\b${label}\\b\\**\\s*[:=]\\s*\\**\\s*${value}`, 'i').exec(text);
  if (direct) return direct[1]!.trim();
  if (value.includes('\\d')) return new RegExp(`\\b${label}\\b[^\\d\\n]{0,30}${value}`, 'i').exec(text)?.[1];
  return undefined;
}

/** The list items under every heading that names `key`. */
function listUnder(key: string, text: string): string[] | undefined {
  const heading = new RegExp(`^#{1,6}\\s+.*\\b${labelOf(key)}`, 'i');
  let inside = false;
  let found = false;
  const items: string[] = [];
  for (const line of text.split('\n')) {
    if (/^#{1,6}\s/.test(line)) {
      inside = heading.test(line);
      found ||= inside;
      continue;
    }
    const item = inside ? /^\s*(?:[-*+]|\d+\.)\s+(.*)$/.exec(line) : null;
    if (item) items.push(item[1]!.trim());
  }
  return found ? items : undefined;
}

function fallback(key: string, text: string): string | null {
  if (/title|name|heading/i.test(key)) {
    const heading = /^#{1,6}\s+(.+)$/m.exec(text);
    return heading ? plain(heading[1]!) : null;
  }
  if (/description|summary/i.test(key)) {
    for (const block of text.split(/\n\s*\n/)) {
      if (/^\s*(#|!\[|\||[-*+] )/.test(block)) continue;
      const sentence = /^(.+?[.!?])(\s|$)/.exec(plain(block));
      if (sentence) return sentence[1]!;
    }
  }
  return null;
}

function freeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const heading = /^#{1,6}\s+(.+)$/m.exec(text);
  if (heading) out.title = plain(heading[1]!);
  for (const match of text.matchAll(/^\s*\**([A-Za-z][\w ]{0,30}?)\**\s*:\s*(.+)$/gm)) {
    const key = match[1]!
      .trim()
      .toLowerCase()
      .replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase());
    if (!(key in out)) out[key] = plain(match[2]!);
  }
  return out;
}

function plain(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
