/**
 * Orders URLs by relevance to a query: how many query words (and their stems) occur in the
 * URL's host and path words, with path hits weighing more than host hits. Links without any
 * match are dropped; ties keep discovery order.
 */
export function rankLinks(urls: readonly string[], query: string): string[] {
  const terms = wordsOf(query);
  if (!terms.length) return [...urls];
  const scored: Array<{ url: string; score: number; order: number }> = [];
  urls.forEach((url, order) => {
    const score = scoreUrl(url, terms);
    if (score > 0) scored.push({ url, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map((s) => s.url);
}

function scoreUrl(url: string, terms: string[]): number {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 0;
  }
  const pathWords = wordsOf(decodeURIComponent(parsed.pathname + ' ' + parsed.search));
  const hostWords = wordsOf(parsed.hostname);
  let score = 0;
  for (const term of terms) {
    if (pathWords.some((w) => matches(w, term))) score += 2;
    else if (hostWords.some((w) => matches(w, term))) score += 1;
  }
  // Shorter paths are more likely to be the section a query names.
  return score ? score + 1 / (1 + pathWords.length) : 0;
}

function matches(word: string, term: string): boolean {
  return word === term || stem(word) === stem(term) || (term.length >= 4 && word.startsWith(term));
}

function stem(word: string): string {
  return word.replace(/(ies|es|s|ing|ed)$/, '');
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
