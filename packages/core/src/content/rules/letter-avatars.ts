/**
 * Letter avatars: forum software draws a member without a photo as their initial in a coloured
 * box (XenForo's `<a class="avatar avatar--m avatar--default"><span>F</span></a>`), which reads
 * as a stray "F" line above every such post. A name's initials, never the post's words.
 */
const AVATAR_CLASS_WORD = /(?:^|\s)(?:avatar|letter-avatar|avatar-letter|avatar--default)(?:$|\s)/i;
/** An initial or two ("F", "PE"). */
const INITIALS = /^\p{L}{1,2}$/u;
/** An avatar holding a picture is a photo; its alt text is handled with images. */
const PICTURE = 'img, picture, svg';

/** Removes avatars whose whole text is an initial or two. Returns how many went. */
export function removeLetterAvatars(root: Element): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll('[class*="vatar"]'))) {
    if (!root.contains(element) || !AVATAR_CLASS_WORD.test(element.getAttribute('class') ?? '')) continue;
    if (!INITIALS.test((element.textContent ?? '').trim()) || element.querySelector(PICTURE)) continue;
    element.remove();
    removed++;
  }
  return removed;
}
