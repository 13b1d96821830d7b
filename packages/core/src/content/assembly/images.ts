import { largestCandidate, parseSrcset, type SrcsetCandidate } from './srcset.js';

/** What a removed `data:` image URL becomes: the alt text stays, the bytes go. */
export const BASE64_IMAGE_PLACEHOLDER = '<Base64-Image-Removed>';

/** Attributes lazy-loading scripts keep the real image URL in until the image scrolls into view. */
const LAZY_SOURCE_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-url'];

/**
 * Gives every image the best single `src`: the largest candidate of its `srcset` and of its
 * `<picture>` sources, or the lazy-loading URL when `src` is missing or a data: placeholder.
 * The srcset/sizes/source alternatives are dropped, since the output keeps one image each.
 */
export function pickImageSources(root: Element): void {
  for (const image of Array.from(root.querySelectorAll('img'))) {
    const candidates: SrcsetCandidate[] = parseSrcset(image.getAttribute('srcset') ?? '');
    const picture = image.parentElement?.tagName === 'PICTURE' ? image.parentElement : null;
    if (picture) {
      for (const source of Array.from(picture.querySelectorAll('source[srcset]'))) {
        candidates.push(...parseSrcset(source.getAttribute('srcset') ?? ''));
        source.remove();
      }
    }
    const best = largestCandidate(candidates);
    const src = image.getAttribute('src')?.trim();
    if (best) image.setAttribute('src', best.url);
    else if (!src || src.startsWith('data:')) {
      const lazy = LAZY_SOURCE_ATTRIBUTES.map((name) => image.getAttribute(name)?.trim()).find(Boolean);
      if (lazy) image.setAttribute('src', lazy);
    }
    image.removeAttribute('srcset');
    image.removeAttribute('sizes');
  }
}

/** Replaces `data:` image URLs with a placeholder, keeping the alt text. */
export function removeBase64Images(root: Element): void {
  for (const image of Array.from(root.querySelectorAll('img[src]'))) {
    if (image.getAttribute('src')!.trim().toLowerCase().startsWith('data:')) {
      image.setAttribute('src', BASE64_IMAGE_PLACEHOLDER);
    }
  }
}
