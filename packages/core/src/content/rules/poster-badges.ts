/**
 * The labels forum software sets beside a poster's name, found by their whole text since boards
 * mark them up every way: presence ("Online", "Offline": FluxBB, NodeBB's screen-reader status)
 * and the thread starter's badge ("OP", "Original Poster", "Thread Starter", Invision's
 * "Author"). They describe the poster, not the post.
 */
const POSTER_BADGES = new Set(['online', 'offline', 'online now', 'op', 'original poster', 'thread starter', 'topic starter', 'author']);
/** Longer text than this is no badge. */
const MAX_BADGE_CHARS = 20;

/** Removes poster badges under `root` (a thread's posts); an element holding more than a badge stays. */
export function removePosterBadges(root: Element): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll('span, div, p, li, dd, dt, strong, em, b, small, a'))) {
    // A badge is a leaf or wraps one element; a post or a profile box holds more.
    if (!root.contains(element) || element.firstElementChild?.firstElementChild) continue;
    const raw = element.textContent ?? '';
    if (raw.length > MAX_BADGE_CHARS * 4) continue;
    const text = raw.replace(/\s+/g, ' ').trim().toLowerCase();
    if (text.length > MAX_BADGE_CHARS || !POSTER_BADGES.has(text)) continue;
    element.remove();
    removed++;
  }
  return removed;
}
