/** Children `h` accepts: nodes, text (set as text, never parsed as HTML), or nothing. */
export type Child = Node | string | number | null | undefined | false;

type Attributes = Record<string, string | number | boolean | EventListener | undefined>;

/**
 * Creates an element. Attributes whose name starts with `on` become listeners; `true` sets a
 * boolean attribute, `false`/undefined leaves it out. Text children become text nodes, so page
 * content never reaches the HTML parser.
 */
export function h(tag: string, attributes: Attributes = {}, ...children: Array<Child | Child[]>): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Array<Child | Child[]>): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function replace(parent: Element, ...children: Array<Child | Child[]>): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A short, readable date and time in the viewer's zone. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
