export { buildHtmlDocument, type BuildHooks, type HtmlPage } from './build-document.js';
export { cleanContent, type CleanOptions, type PageSource } from './clean.js';
export { extractLinks } from './links.js';
export { extractMetadata, type PageMetadata } from './metadata.js';
export { parseHtml, type HtmlDocument } from './parse.js';
export { selectorProblem } from './page-extras.js';
export { BASE64_IMAGE_PLACEHOLDER } from './images.js';
export { toMarkdown } from '../formats/markdown.js';
