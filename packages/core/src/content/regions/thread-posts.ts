import { textLength } from '../dom/text.js';

/**
 * Elements that hold one post of a thread, across forum software: schema.org posts, answers and
 * comments (Discourse, Stack Exchange, many themes), XenForo, vBulletin, phpBB, Invision,
 * NodeBB, Flarum, MyBB, Vanilla and Reddit markup, and the generic `<article>`.
 */
export const POST_SELECTOR = [
  '[itemtype*="schema.org/DiscussionForumPosting" i]',
  '[itemtype*="schema.org/Comment" i]',
  '[itemtype*="schema.org/Answer" i]',
  '[itemtype*="schema.org/Question" i]',
  '.topic-body',
  '.crawler-post',
  '.message--post',
  '.messageList > li',
  '.postbit',
  '.postcontainer',
  '.post',
  '.postbody',
  '.post-body',
  '.forum-post',
  '.cPost',
  '.ItemDiscussion',
  '.ItemComment',
  '[component="post"]',
  '.Post',
  '.comment',
  '.answer',
  '.question',
  '#question',
  '.thing.comment',
  'table[id^="post"]',
  '[id^="post-"]',
  '[id^="post_"]',
  'article',
].join(', ');

/** A thread's post container holding less than this share of the page's text is a widget, not the thread. */
const MIN_SHARE_OF_BODY = 0.2;

/**
 * The smallest element that holds every post of the thread, or null when the page shows no
 * run of posts. On a thread every reply is content, so the container of all of them is the
 * region to clean, not the single densest post.
 */
export function findThreadRegion(body: Element): Element | null {
  const posts = Array.from(body.querySelectorAll(POST_SELECTOR)).filter(
    (post) => !post.parentElement?.closest(POST_SELECTOR) && /\S/.test(post.textContent ?? ''),
  );
  if (posts.length === 0) return null;
  let region: Element | null = posts[0]!;
  for (const post of posts.slice(1)) {
    while (region && !region.contains(post)) region = region.parentElement;
  }
  if (!region || region === body) return null;
  return textLength(region) >= textLength(body) * MIN_SHARE_OF_BODY ? region : null;
}
