const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function decodeAttribute(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] as string);
}

/** Values of an attribute on every `<tag>` in document order, entity-decoded (our fixtures always double-quote). */
export function attributeValues(html: string, tag: string, attribute: string): string[] {
  const pattern = new RegExp(`<${tag}\\b[^>]*?\\s${attribute}="([^"]*)"`, 'gi');
  return [...html.matchAll(pattern)].map((match) => decodeAttribute(match[1] as string));
}

export function hrefs(html: string): string[] {
  return attributeValues(html, 'a', 'href');
}

/** Text content of the first element with this id (no nesting of the same tag inside). */
export function elementById(html: string, id: string): string | undefined {
  const match = new RegExp(`<(\\w+)[^>]*\\sid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return match?.[2];
}
