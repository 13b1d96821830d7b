/**
 * A strict little XML reader for the fixture's sitemaps and feed: elements, attributes and text,
 * with a prolog. It throws on anything malformed (mismatched or unclosed tags, stray text at the top).
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const TOKEN = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;

export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  for (const match of source.matchAll(TOKEN)) {
    const [token, closeName, openName, attributeText, selfClosing, text, strayBracket] = match;
    if (strayBracket) throw new Error(`malformed markup at offset ${match.index}`);
    if (closeName) {
      const open = stack.pop();
      if (open?.name !== closeName) throw new Error(`</${closeName}> closes <${open?.name ?? 'nothing'}>`);
      continue;
    }
    if (openName) {
      const attributes: Record<string, string> = {};
      for (const [, key, value] of (attributeText ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) attributes[key as string] = value as string;
      const element: XmlElement = { name: openName, attributes, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error('more than one root element');
      else root = element;
      if (!selfClosing) stack.push(element);
      continue;
    }
    if (text !== undefined) {
      const parent = stack.at(-1);
      if (parent) parent.text += text;
      else if (text.trim()) throw new Error('text outside the root element');
      continue;
    }
    if (!token.startsWith('<?') && !token.startsWith('<!--')) throw new Error(`unexpected token ${token}`);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.at(-1)?.name}>`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Trimmed text of every `<loc>` in a urlset or sitemapindex. */
export function locs(root: XmlElement): string[] {
  return root.children.map((entry) => entry.children.find((child) => child.name === 'loc')?.text.trim() ?? '');
}
