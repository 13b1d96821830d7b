export { buildHtmlDocument, type BuildHooks, type HtmlPage } from './assembly/build-document.js';
export { cleanContent, type CleanOptions, type PageSource } from './assembly/clean.js';
export { extractLinks } from './assembly/links.js';
export { extractMetadata, type PageMetadata } from './assembly/metadata.js';
export { parseHtml, type HtmlDocument } from './dom/parse.js';
export { selectorProblem } from './assembly/page-extras.js';
export { BASE64_IMAGE_PLACEHOLDER } from './assembly/images.js';
export { toMarkdown } from '../formats/markdown.js';
