/**
 * A shop platform's field key printed as a label: a lower-case word joined to the next by an
 * underscore ("retail_price_tier1:", "cat_thumb_Petrol Blue:", "tab_Care Instructions:"). Shops use
 * custom fields as a data store (price tiers, thumbnail URLs, text chunks for scripts), and some
 * themes (BigCommerce's `productView-info`) print every one of them, hidden by the stylesheet.
 */
const FIELD_KEY = /^[a-z][a-z0-9]*_[A-Za-z0-9]/;
/** A label longer than this is a sentence, not a key. */
const MAX_KEY_CHARS = 60;

/**
 * Removes the terms of description lists whose text is a field key, with their descriptions:
 * data the page's scripts read, not the product's details, which carry human labels ("Material:").
 * Returns how many terms went.
 */
export function removeRawFieldKeys(root: Element): number {
  let removed = 0;
  for (const term of Array.from(root.querySelectorAll('dt'))) {
    const text = (term.textContent ?? '').trim();
    if (text.length > MAX_KEY_CHARS || !FIELD_KEY.test(text)) continue;
    // The term's descriptions run up to the next term.
    let next = term.nextElementSibling;
    while (next && next.tagName === 'DD') {
      const description = next;
      next = next.nextElementSibling;
      description.remove();
    }
    term.remove();
    removed++;
  }
  return removed;
}
