import { parseHTML } from './dom.js';
import { linkedom, type LinkedNode } from './linkedom-internals.js';

/**
 * Readability reads `style.display` and `style.visibility` of every element it walks. linkedom
 * answers with a CSSStyleDeclaration made for the element on first read: a Map, a Proxy and an
 * entry in a module-wide WeakMap per element, and per read a parse of the style attribute's
 * state and a hyphenation regex. The WeakMap entries slow every garbage collection for as long
 * as the page lives, as linkedom's per-node listener maps did (patches/linkedom@0.18.14.patch).
 *
 * installFastStyles() makes `style` of an element without a style attribute a light stand-in,
 * kept in the element's own style slot as linkedom keeps its declaration: reading a CSS
 * property of it gives '', as linkedom's declaration of such an element does. Anything else
 * (a write, a method, cssText, length, an index, a symbol), and any read once the element has
 * a style attribute, goes to a linkedom declaration made for the element at that moment, so
 * it behaves as before.
 */
export function installFastStyles(): void {
  if (installed || !linkedom?.STYLE) return;
  const { STYLE, elementPrototype } = linkedom;
  const original = Object.getOwnPropertyDescriptor(elementPrototype, 'style');
  if (!original?.get || !original.configurable) return;
  installed = true;
  const declarationOf = original.get;
  // linkedom's declaration class, read from a probe element's declaration.
  const probe = parseHTML('<html><body><p></p></body></html>').document.createElement('p');
  const declarationPrototype = Object.getPrototypeOf(declarationOf.call(probe)) as object;
  const CSSStyleDeclaration = (declarationPrototype as { constructor: new (element: unknown) => object }).constructor;
  const real = (target: StandIn) => (target.declaration ??= new CSSStyleDeclaration(target.element));
  const handler: ProxyHandler<StandIn> = {
    get(target, name) {
      if (!target.declaration && typeof name === 'string' && !(name in declarationPrototype) && name !== 'length' && !INDEX.test(name)) {
        if (!(target.element.getAttributeNode as (name: string) => unknown).call(target.element, 'style')) return '';
      }
      return Reflect.get(real(target), name);
    },
    set: (target, name, value) => Reflect.set(real(target), name, value),
    has: (target, name) => Reflect.has(real(target), name),
    deleteProperty: (target, name) => Reflect.deleteProperty(real(target), name),
    ownKeys: (target) => Reflect.ownKeys(real(target)),
    getOwnPropertyDescriptor: (target, name) => Reflect.getOwnPropertyDescriptor(real(target), name),
    defineProperty: (target, name, descriptor) => Reflect.defineProperty(real(target), name, descriptor),
    getPrototypeOf: (target) => Reflect.getPrototypeOf(real(target)),
  };
  Object.defineProperty(elementPrototype, 'style', {
    configurable: true,
    enumerable: original.enumerable ?? false,
    get(this: LinkedNode) {
      const kept = this[STYLE];
      if (kept) return kept;
      const hasStyle = (this.getAttributeNode as (name: string) => unknown).call(this, 'style');
      return (this[STYLE] = hasStyle ? declarationOf.call(this) : new Proxy<StandIn>({ element: this, declaration: undefined }, handler));
    },
  });
}

let installed = false;
const INDEX = /^\d+$/;

interface StandIn {
  element: LinkedNode;
  declaration: object | undefined;
}
