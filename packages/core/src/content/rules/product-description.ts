/** A description shorter than this says little a product page's name and price do not. */
const MIN_DESCRIPTION_CHARS = 40;
/** A description whose words the content holds at least this share of is already on the page. */
const MAX_SHARE_SHOWN = 0.5;

/**
 * Appends the product's own description from its JSON-LD when the content lacks it. Shops keep
 * the description in a collapsed panel, a script-rendered tab or a carousel's hidden slide that
 * extraction drops, while the structured data the page ships for search engines carries it whole.
 * Tags in the description (some shops put HTML there) go; its lines become paragraphs.
 */
export function addProductDescription(content: Element, description: string): void {
  const text = description
    .replace(/<(?:br|\/p|\/li|\/div|\/h\d)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
  const lines = text
    .split(/\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (lines.join(' ').length < MIN_DESCRIPTION_CHARS) return;
  const words = wordsOf(lines.join(' '));
  const shown = new Set(wordsOf(content.textContent ?? ''));
  if (words.filter((word) => shown.has(word)).length >= words.length * MAX_SHARE_SHOWN) return;
  const document = content.ownerDocument;
  for (const line of lines) {
    const paragraph = document.createElement('p');
    paragraph.textContent = line;
    content.appendChild(paragraph);
  }
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
