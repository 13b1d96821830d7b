/**
 * The one place core takes its DOM (linkedom), tree construction (parse5, html5-tree.ts), HTML
 * tokenizer for the links-only path (htmlparser2) and selector engine (css-select, the one
 * linkedom runs; fast-selectors.ts keeps its compiled selectors) from.
 *
 * The workspace installs linkedom and htmlparser2 with patches (pnpm `patchedDependencies`):
 * linkedom makes a node's listener map on its first addEventListener instead of one per node (a
 * sixth of conversion time, and slower garbage collection), htmlparser2 keeps its open-tag stack
 * with push/pop (a page of unclosed tags parses in linear time). A project installing
 * @trawl/core from npm gets neither patch from its package manager, so the published build
 * bundles this module with the patched copies inlined (scripts/bundle-dom.mjs, run by
 * `pnpm build`): npm users get the same speed with no install script and no patch step. From
 * sources it is plain re-exports.
 */
export { DOMParser, HTMLElement, parseHTML } from 'linkedom';
export { Parser } from 'htmlparser2';
// parse5 builds the tree (html5-tree.ts): the HTML standard's tree construction, as browsers parse.
export { html as html5, parse as parseHtml5, parseFragment as parseHtml5Fragment } from 'parse5';
export type { TreeAdapter as Html5TreeAdapter, Token } from 'parse5';
export type Html5Attribute = import('parse5').Token.Attribute;
// The decoder htmlparser2 runs (the same version): links-stream.ts tokenizes without decoding and decodes only what it reads.
export { decodeHTML, decodeHTMLAttribute } from 'entities/decode';
export { compile as compileSelector } from 'css-select';
