/** What a media element may hold that is not fallback content. */
const MEDIA_PARTS = new Set(['SOURCE', 'TRACK']);

/**
 * Empties the fallback content of `<video>` and `<audio>` ("Your browser does not support the
 * video tag."): browsers show it only when they cannot play media at all, so it is never on the
 * page a reader sees. The element and its sources stay.
 */
export function removeMediaFallbacks(root: Element): void {
  for (const media of Array.from(root.querySelectorAll('video, audio'))) {
    for (const child of Array.from(media.childNodes)) {
      if (child.nodeType !== 1 || !MEDIA_PARTS.has((child as Element).tagName)) child.remove();
    }
  }
}
