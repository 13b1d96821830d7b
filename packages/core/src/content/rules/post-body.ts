import { removeBoilerplate, removeNonArticleParts } from './boilerplate.js';
import { collapsedText, textLength, textLengthUpTo } from '../dom/text.js';

/**
 * Where blog and publishing platforms put a post's body: WordPress and hAtom themes
 * (`entry-content`, `post-content`, `post-entry`, tagDiv's `td-post-content`, Hueman's and
 * other themes' `entry-inner`), Blogger
 * (`post-body`), TypePad and Movable Type (`entry-body`), Ghost (`gh-content`,
 * `post-full-content`), Drupal's body field, and schema.org's `articleBody` property.
 */
const POST_BODY_SELECTOR = [
  '.entry-content',
  '.post-content',
  '.post-entry',
  '.td-post-content',
  '.entry-inner',
  '.post-body',
  '.entry-body',
  '.gh-content',
  '.post-full-content',
  '.field--name-body',
  '.field-name-body',
  '[itemprop="articleBody"]',
].join(', ');

/** A post body holding less text is a teaser or an empty template slot, not the page's post. */
const MIN_POST_CHARS = 200;
/** A block of the post this long is a sentence worth looking for in the extracted content. */
const MIN_PROBE_CHARS = 40;
/** Probes are compared by their start: Readability and the cleaning steps may cut a block's tail. */
const PROBE_PREFIX_CHARS = 40;
/** Enough probes to judge a post, few enough to keep the check cheap on a long one. */
const MAX_PROBES = 24;
/**
 * The content kept less than this share of the post's probes: the post was lost. A content
 * holding a good part of the post chose its part (WCXB dev: a page keeping 38% of its post's
 * blocks scored 0.98 and 0.79 with the whole post).
 */
const MIN_KEPT_SHARE = 0.2;

/**
 * A copy of the page's one post body, or null when the page marks none or several (a blog's
 * front page or an archive lists many posts, each in its own body). Read before the main-content
 * readings change the page, so that a post they lose can be given back (keepPostBody).
 */
export function copyPostBody(body: Element): Element | null {
  let found: Element | null = null;
  for (const element of Array.from(body.querySelectorAll(POST_BODY_SELECTOR))) {
    if (element.parentElement?.closest(POST_BODY_SELECTOR)) continue;
    if (textLengthUpTo(element, MIN_POST_CHARS) < MIN_POST_CHARS) continue;
    if (found) return null;
    found = element;
  }
  return found ? (found.cloneNode(true) as Element) : null;
}

/**
 * The content, or the page's post body when the content lost most of it and is the shorter of
 * the two. Both readings can miss
 * a post the platform marked plainly: a theme class read as furniture (`top` on the post's box),
 * an author box or a follow widget denser than a post of short paragraphs. Only the post's own
 * boilerplate (share bars, related posts inside it) goes from the post given back.
 */
export function keepPostBody(content: Element, postBody: Element | null): Element {
  // A content longer than the post is an article the platform's class did not mark (the class
  // named a teaser, a menu or a disclosure instead): measured on WCXB dev, four such pages.
  if (!postBody || textLength(postBody) <= textLength(content) || !lostPost(content, postBody)) return content;
  removeBoilerplate(postBody);
  removeNonArticleParts(postBody);
  return postBody;
}

/** Whether `content` holds less than a fifth of the post's sentences. */
function lostPost(content: Element, postBody: Element): boolean {
  const probes = postProbes(postBody);
  if (probes.length === 0) return false;
  const text = collapsedText(content);
  const kept = probes.filter((probe) => text.includes(probe)).length;
  return kept < probes.length * MIN_KEPT_SHARE;
}

/** The starts of the post's longer blocks, spread over the post, or of its whole text when it has no such block. */
function postProbes(postBody: Element): string[] {
  const blocks = Array.from(postBody.querySelectorAll('p, li, blockquote, h2, h3, h4, dd, td'))
    .filter((block) => !block.querySelector('p, li, blockquote, dd, td'))
    .map(collapsedText)
    .filter((text) => text.length >= MIN_PROBE_CHARS);
  if (blocks.length === 0) {
    const text = collapsedText(postBody);
    return text.length >= MIN_PROBE_CHARS ? [text.slice(0, PROBE_PREFIX_CHARS)] : [];
  }
  const stride = Math.max(1, Math.ceil(blocks.length / MAX_PROBES));
  return blocks.filter((_, index) => index % stride === 0).map((text) => text.slice(0, PROBE_PREFIX_CHARS));
}
