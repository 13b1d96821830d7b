import { isInCode } from './boilerplate.js';

/**
 * What blog platforms and their common plugins print around a post's text, by the markup they
 * ship (never one site's): reader controls and the post's filing details, not what it says.
 * - Jetpack: the share and like bar (`sharedaddy`: "Like this: Loading…", "2 bloggers like
 *   this") and the likers' avatars.
 * - WP-PostRatings: the stars and their prompt ("Was this article useful?", "(No ratings yet)").
 * - Classic WordPress themes' post footers: Kubrick's `postmetadata` ("This entry was posted on
 *   Monday… You can follow any responses…"), Twenty Ten's `entry-utility` ("Posted in… Bookmark
 *   the permalink").
 * Not `entry-footer` or `entry-meta`: newer themes put an author's note or the date line there.
 */
const BLOG_POST_CHROME_SELECTOR = [
  '.sharedaddy',
  '#likes-other-gravatars',
  '.post-ratings',
  '.post-ratings-loading',
  '.postmetadata',
  '.entry-utility',
].join(', ');

/** A block this large is the post itself wrapped by a misused class, not chrome. */
const MAX_CHROME_CHARS = 600;

/** Removes blog platforms' post chrome (see BLOG_POST_CHROME_SELECTOR); returns how many blocks went. */
export function removeBlogPostChrome(root: Element): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll(BLOG_POST_CHROME_SELECTOR))) {
    if (!root.contains(element) || isInCode(element)) continue;
    if ((element.textContent ?? '').length > MAX_CHROME_CHARS) continue;
    element.remove();
    removed++;
  }
  return removed;
}
