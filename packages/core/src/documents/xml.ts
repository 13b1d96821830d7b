import { DOMParser } from '../content/dom/dom.js';

/** The parts of an XML DOM the Office readers walk (linkedom's, whose element names keep their prefix: `text:p`). */
export interface XmlElement {
  tagName: string;
  children: ArrayLike<XmlElement>;
  childNodes: ArrayLike<XmlNode>;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

export interface XmlNode {
  nodeType: number;
  textContent: string | null;
}

/** Parses an Office XML part; undefined when it is not XML. */
export function parseXml(text: string): XmlElement | undefined {
  const document = new DOMParser().parseFromString(text, 'text/xml') as unknown as { documentElement: XmlElement | null };
  return document.documentElement ?? undefined;
}

/** Every descendant element named `name`, in document order. */
export function descendants(root: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    for (const child of Array.from(element.children)) {
      if (child.tagName === name) found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** The first child element named `name`. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return Array.from(element.children).find((node) => node.tagName === name);
}

/** The text of the Dublin Core fields of an Office document's metadata part (title, creator, description). */
export function coreProperty(root: XmlElement | undefined, name: string): string | undefined {
  if (!root) return undefined;
  const text = descendants(root, name)[0]?.textContent?.trim();
  return text || undefined;
}
