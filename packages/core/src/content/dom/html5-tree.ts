import { html5, type Html5Attribute, type Html5TreeAdapter, parseHTML, parseHtml5, parseHtml5Fragment } from './dom.js';
import { linkedom } from './linkedom-internals.js';

/**
 * Parses a page as a browser with scripting on does (a `<noscript>` is text there), then reads
 * each `<noscript>` of the body as markup, as a client without JavaScript sees it: Discourse and
 * other apps serve their server-rendered posts there (noscript.ts), and pages their real images.
 * A `<noscript>` of the head stays text: parsed without scripting, a tracking pixel in it would
 * end the head there and pull the page's title and metadata into the body.
 */
export function parseHtml5Document(html: string): Document {
  const treeAdapter = new LinkedomTreeAdapter();
  const document = parseHtml5<LinkedomTypes>(html, { treeAdapter, scriptingEnabled: true });
  treeAdapter.flushText();
  const body = document.body as Element | null;
  const noscripts = body ? Array.from(body.getElementsByTagName('noscript')) : [];
  // The markup is read as a <div>'s content: parse5 reads a <noscript> context as raw text
  // whatever the scripting flag says, and a <div> parses its content alike, in body.
  const context = noscripts.length ? document.createElement('div') : undefined;
  for (const noscript of noscripts) {
    const text = noscript.firstChild;
    if (!text || text.nodeType !== TEXT_NODE || text.nextSibling || !(text as Text).data.includes('<')) continue;
    const fragment = parseHtml5Fragment<LinkedomTypes>(context!, (text as Text).data, { treeAdapter, scriptingEnabled: false });
    treeAdapter.flushText();
    noscript.replaceChildren(fragment);
  }
  return document;
}

/**
 * parse5's tree construction (the HTML standard's: implied <head> and <body>, misnested and
 * unclosed tags, foster-parented table content, one doctype) building linkedom nodes directly, so
 * every later step keeps linkedom's fast tree and gets the tree a browser builds.
 *
 * New nodes are appended the way linkedom's own parser appends them: spliced into its linked
 * list before the parent's end marker, without the mutation and custom-element callbacks a
 * public `appendChild` runs (nothing observes a document being built). The rare moves of tree
 * construction (the adoption agency, foster parenting, a second <body>'s attributes) use the
 * public DOM methods. When linkedom's internals are not as expected, every operation does.
 */
export class LinkedomTreeAdapter implements Html5TreeAdapter<LinkedomTypes> {
  readonly document: Document;
  /** Namespaces of the SVG and MathML elements (every other element is HTML). */
  private readonly foreign = new WeakMap<Element, html5.NS>();
  private mode: html5.DOCUMENT_MODE = html5.DOCUMENT_MODE.NO_QUIRKS;
  /** The text node being written, its parent, and the pieces of its text so far (see insertText). */
  private textNode: Text | null = null;
  private textParent: ParentNode | null = null;
  private readonly textPieces: string[] = [];

  constructor(document: Document = emptyDocument()) {
    this.document = document;
  }

  createDocument(): Document {
    return this.document;
  }

  createDocumentFragment(): DocumentFragment {
    return this.document.createDocumentFragment();
  }

  createElement(tagName: string, namespaceURI: html5.NS, attrs: Html5Attribute[]): Element {
    let element: Element;
    if (namespaceURI === html5.NS.HTML) element = this.document.createElement(tagName);
    else {
      // linkedom has SVG elements of its own; a MathML element is a plain one that says its namespace.
      if (namespaceURI === html5.NS.SVG) element = this.document.createElementNS(namespaceURI, tagName);
      else {
        element = this.document.createElement(tagName);
        Object.defineProperty(element, 'namespaceURI', { value: namespaceURI });
      }
      this.foreign.set(element, namespaceURI);
    }
    for (let i = 0; i < attrs.length; i++) appendAttribute(element, attrs[i]!);
    return element;
  }

  createCommentNode(data: string): Comment {
    return this.document.createComment(data);
  }

  createTextNode(value: string): Text {
    return this.document.createTextNode(value);
  }

  appendChild(parentNode: ParentNode, newNode: ChildNode): void {
    if (this.textNode && newNode !== this.textNode) this.flushText();
    if (links && !newNode.parentNode) appendNew(parentNode, newNode);
    else parentNode.appendChild(newNode);
  }

  insertBefore(parentNode: ParentNode, newNode: ChildNode, referenceNode: ChildNode): void {
    this.flushText();
    parentNode.insertBefore(newNode, referenceNode);
  }

  detachNode(node: ChildNode): void {
    this.flushText();
    node.parentNode?.removeChild(node);
  }

  /**
   * The tokenizer hands text over in runs split at every change between spaces and other
   * characters (a script of 50 KB arrives in thousands of pieces): the pieces for one text node
   * are kept and joined once, when the tree next changes (`flushText`).
   */
  insertText(parentNode: ParentNode, text: string): void {
    if (this.textParent === parentNode) {
      this.textPieces.push(text);
      return;
    }
    this.flushText();
    const last = parentNode.lastChild;
    if (last?.nodeType === TEXT_NODE) this.textNode = last as Text;
    else {
      this.textNode = this.document.createTextNode('');
      this.appendChild(parentNode, this.textNode);
    }
    this.textParent = parentNode;
    this.textPieces.push(this.textNode.data, text);
  }

  /** Writes the pending text into its node; every change to the tree but appending text calls it first. */
  flushText(): void {
    if (!this.textNode) return;
    this.textNode.data = this.textPieces.join('');
    this.textNode = null;
    this.textParent = null;
    this.textPieces.length = 0;
  }

  insertTextBefore(parentNode: ParentNode, text: string, referenceNode: ChildNode): void {
    this.flushText();
    const previous = referenceNode.previousSibling;
    if (previous?.nodeType === TEXT_NODE) (previous as Text).data += text;
    else parentNode.insertBefore(this.document.createTextNode(text), referenceNode);
  }

  /** A later <html> or <body> tag adds the attributes the element does not have yet. */
  adoptAttributes(recipient: Element, attrs: Html5Attribute[]): void {
    this.flushText();
    for (const { name, value } of attrs) if (!recipient.hasAttribute(name)) recipient.setAttribute(name, value);
  }

  // A <template>'s content stays its children, as linkedom's parser leaves it: every walk that
  // must skip template content (links, text, Markdown) already skips the element's subtree.
  getTemplateContent(templateElement: Element): DocumentFragment {
    return templateElement as unknown as DocumentFragment;
  }

  setTemplateContent(): void {}

  // The doctype only sets the document's mode (quirks changes how tables and paragraphs nest); no
  // node is made for it, as before: linkedom links a doctype before the tree with no parent.
  setDocumentType(): void {}

  setDocumentMode(_document: Document, mode: html5.DOCUMENT_MODE): void {
    this.mode = mode;
  }

  getDocumentMode(): html5.DOCUMENT_MODE {
    return this.mode;
  }

  getAttrList(element: Element): Html5Attribute[] {
    return Array.from(element.attributes, ({ name, value }) => ({ name, value }));
  }

  getChildNodes(node: ParentNode): ChildNode[] {
    this.flushText();
    return Array.from(node.childNodes);
  }

  getFirstChild(node: ParentNode): ChildNode | null {
    this.flushText();
    return node.firstChild;
  }

  getParentNode(node: Node): ParentNode | null {
    return node.parentNode;
  }

  getTagName(element: Element): string {
    return element.localName;
  }

  getNamespaceURI(element: Element): html5.NS {
    return this.foreign.get(element) ?? html5.NS.HTML;
  }

  getTextNodeContent(textNode: Text): string {
    this.flushText();
    return textNode.data;
  }

  getCommentNodeContent(commentNode: Comment): string {
    return commentNode.data;
  }

  getDocumentTypeNodeName(doctypeNode: DocumentType): string {
    return doctypeNode.name;
  }

  getDocumentTypeNodePublicId(doctypeNode: DocumentType): string {
    return doctypeNode.publicId;
  }

  getDocumentTypeNodeSystemId(doctypeNode: DocumentType): string {
    return doctypeNode.systemId;
  }

  isTextNode(node: Node): node is Text {
    return node.nodeType === TEXT_NODE;
  }

  isCommentNode(node: Node): node is Comment {
    return node.nodeType === COMMENT_NODE;
  }

  isDocumentTypeNode(node: Node): node is DocumentType {
    return node.nodeType === DOCUMENT_TYPE_NODE;
  }

  isElementNode(node: Node): node is Element {
    return node.nodeType === ELEMENT_NODE;
  }

  // Source locations are never asked for (sourceCodeLocationInfo is off).
  setNodeSourceCodeLocation(): void {}

  getNodeSourceCodeLocation(): undefined {
    return undefined;
  }

  updateNodeSourceCodeLocation(): void {}
}

export interface LinkedomTypes {
  node: Node;
  parentNode: ParentNode;
  childNode: ChildNode;
  document: Document;
  documentFragment: DocumentFragment;
  element: Element;
  commentNode: Comment;
  textNode: Text;
  template: Element;
  documentType: DocumentType;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const COMMENT_NODE = 8;
const DOCUMENT_TYPE_NODE = 10;

/** A linkedom HTML document with no node at all, for the parser to fill. */
function emptyDocument(): Document {
  return (parseHTML('') as unknown as { document: Document }).document;
}

/** A linkedom node or end marker as the list splicing below reads it. */
interface Linked {
  [link: symbol]: Linked;
  nodeType: number;
  parentNode: unknown;
  ownerElement?: unknown;
}

/** linkedom's list links: next and end from linkedom-internals, prev found on a probe the same way. */
const links = findLinks();

function findLinks(): { NEXT: symbol; PREV: symbol; END: symbol } | null {
  if (!linkedom) return null;
  const { NEXT, END } = linkedom;
  const probe = emptyDocument().createElement('p') as unknown as Linked;
  const PREV = Object.getOwnPropertySymbols(probe).find((s) => s.description === 'prev');
  // A fresh element's list is itself then its end marker, whose prev points back at it.
  if (!PREV || probe[NEXT] !== probe[END] || probe[END]?.[PREV] !== probe) return null;
  return { NEXT, PREV, END };
}

/** Splices a node that has no parent (with its subtree) in as the last child of `parent`. */
function appendNew(parent: ParentNode, node: ChildNode): void {
  const { NEXT, PREV, END } = links!;
  const end = (parent as unknown as Linked)[END]!;
  const prev = end[PREV]!;
  const first = node as unknown as Linked;
  const last = first.nodeType === ELEMENT_NODE ? first[END]! : first;
  first.parentNode = parent;
  prev[NEXT] = first;
  first[PREV] = prev;
  last[NEXT] = end;
  end[PREV] = last;
}

/**
 * Adds an attribute to an element that has no children yet, after its other attributes (the
 * order the page wrote them). A class keeps each token once, as linkedom's className setter would
 * leave it, without that setter's DOMTokenList (a Set per element; see the linkedom patch).
 */
function appendAttribute(element: Element, { name: localName, value, prefix }: Html5Attribute): void {
  // Foreign attributes come adjusted (`xlink:href` as href in the XLink namespace): written as the page wrote them.
  const name = prefix ? `${prefix}:${localName}` : localName;
  if (!links) {
    element.setAttribute(name, value);
    return;
  }
  const attribute = element.ownerDocument.createAttribute(name);
  attribute.value = name === 'class' ? classTokens(value) : value;
  const { NEXT, PREV, END } = links;
  const node = attribute as unknown as Linked;
  const end = (element as unknown as Linked)[END]!;
  const prev = end[PREV]!;
  node.ownerElement = element;
  prev[NEXT] = node;
  node[PREV] = prev;
  node[NEXT] = end;
  end[PREV] = node;
}

const WHITESPACE = /\s/;
const TOKEN_SEPARATOR = /\s+/;

/** A class attribute as a DOMTokenList holds it: its tokens, each once, single-spaced. */
function classTokens(value: string): string {
  if (!WHITESPACE.test(value)) return value;
  const tokens = value.split(TOKEN_SEPARATOR).filter(Boolean);
  return [...new Set(tokens)].join(' ');
}
