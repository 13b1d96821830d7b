import { POST_SELECTOR } from '../regions/thread-posts.js';

/**
 * What forum software puts around each post besides the author's name and the date: the
 * poster's profile box (join date, post count, badges, reputation, location), signatures,
 * and the reply box. Named by whole class words, as the furniture patterns are.
 */
const POST_CHROME_CLASS =
  /(?:^|[\s_-])(?:userinfo|user-info|user-details|userdetails|user-extras|userExtras|message-userExtras|message-userTitle|postprofile|post-profile|userstats|user-stats|member-stats|author-stats|signature|sig|badges?|reputation|user-title|usertitle|rank|postbit-user|post-signature|user-card)(?:$|[\s_-])/i;
/** A short line of profile statistics, where no class names it. */
const PROFILE_STAT =
  /^(?:joined|join date|messages|posts|reaction score|points|location|member since|registered|reputation|likes received|trophy points|karma)\s*:?\s*[\w ,.-]{0,40}$/i;
const MAX_STAT_CHARS = 60;
/** A thread's own statistics line ("Asked 13 years ago", "Viewed 11k times", "Last edited: Jul 3, 2024"). */
const THREAD_STAT = /^(?:asked|modified|viewed|active|last edited:?|edited)\s+[\w ,.:-]{0,40}?(?:ago|times|\d{4})$/i;
/**
 * Comments on a question or an answer (Stack Exchange and other Q&A sites): remarks under a post,
 * collapsed on the page, not the thread's answers.
 */
const QA_POST_COMMENTS = '[itemtype*="schema.org/Question" i] .comments, [itemtype*="schema.org/Answer" i] .comments';

/**
 * The notices under a Q&A thread's last answer that send the reader elsewhere ("You must log in to
 * answer this question", "Start asking to get answers", "Explore related questions"): Stack
 * Exchange's `bottom-notice` blocks, the same on every site of its network.
 */
const QA_BOTTOM_NOTICES = '.bottom-notice, .js-bottom-notice';

/** Removes profile boxes, signatures, statistics, Q&A comments and notices from a thread's posts under `root`. */
export function removeThreadChrome(root: Element): void {
  for (const comments of Array.from(root.querySelectorAll(QA_POST_COMMENTS))) comments.remove();
  for (const notice of Array.from(root.querySelectorAll(QA_BOTTOM_NOTICES))) notice.remove();
  for (const element of Array.from(root.querySelectorAll('[class]'))) {
    // A post is never its own chrome: Vanilla names each post by its author's rank ("Rank-Admin").
    if (root.contains(element) && POST_CHROME_CLASS.test(element.getAttribute('class') ?? '') && !element.matches(POST_SELECTOR))
      element.remove();
  }
  for (const element of Array.from(root.querySelectorAll('dl, dt, dd, li, div, span, p'))) {
    if (!root.contains(element) || element.firstElementChild?.firstElementChild) continue;
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text.length > 0 && text.length <= MAX_STAT_CHARS && (PROFILE_STAT.test(text) || THREAD_STAT.test(text))) element.remove();
  }
}
