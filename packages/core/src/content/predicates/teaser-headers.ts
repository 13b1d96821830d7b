/** A run of teasers has at least this many `<article>` siblings, the card's own included. */
const MIN_TEASERS = 3;

/**
 * A `<header>` holding a heading inside an `<article>` that is one of a run of sibling articles:
 * a teaser card's title and summary (news rivers, topic pages put each card's whole text in its
 * `<header>`), not the page's banner, which Firecrawl's `header` selector means. One article's
 * own header (its title and byline) is left to that selector: the golds leave bylines out.
 */
export function isTeaserHeader(element: Element): boolean {
  if (element.tagName !== 'HEADER' || !element.querySelector('h1, h2, h3, h4, h5, h6')) return false;
  const card = element.parentElement;
  if (card?.tagName !== 'ARTICLE') return false;
  let articles = 0;
  for (let sibling = card.parentElement?.firstElementChild; sibling; sibling = sibling.nextElementSibling) {
    if (sibling.tagName === 'ARTICLE' && ++articles >= MIN_TEASERS) return true;
  }
  return false;
}
