import { escapeHtml } from './layout.js';

/** What a changing product page says; a test edits it between scrapes. */
export interface ChangingPageState {
  title: string;
  /** Shown in the text. */
  price: string;
  /** Stated only in the JSON-LD. */
  jsonLdPrice: string;
  /** A cell of the spec table. */
  weight: string;
  /** Noise: the footer's "last updated" time. */
  updatedAt: Date;
  /** Noise: which ad the ad slot shows. */
  ad: number;
  /** Noise: the form's CSRF token. */
  csrf: string;
  /** Noise: the cache-busting query of the image. */
  assetVersion: number;
}

export const INITIAL_CHANGING_PAGE: ChangingPageState = {
  title: 'Harbour kettle',
  price: '$49.00',
  jsonLdPrice: '49.00',
  weight: '1.2 kg',
  updatedAt: new Date('2026-11-24T10:00:00Z'),
  ad: 1,
  csrf: 'a8f3k2m9x7q1w5e6r4t2y8u3i0o9p7l6',
  assetVersion: 1700000000,
};

/** A product page whose content and noise a test changes between scrapes (change tracking, monitors). */
export function changingPageHtml(state: ChangingPageState): string {
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: state.title,
    offers: { '@type': 'Offer', price: state.jsonLdPrice, priceCurrency: 'USD' },
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(state.title)}</title>
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body>
<main>
<article>
<h1>${escapeHtml(state.title)}</h1>
<img src="/assets/kettle.png?v=${state.assetVersion}" alt="The kettle">
<p>A stainless steel kettle that boils a litre of water in under three minutes, with a base that lifts off for pouring.</p>
<p>Price: <strong>${escapeHtml(state.price)}</strong></p>
<table><thead><tr><th>Spec</th><th>Value</th></tr></thead>
<tbody><tr><td>Capacity</td><td>1.7 l</td></tr><tr><td>Weight</td><td>${escapeHtml(state.weight)}</td></tr></tbody></table>
<form action="/cart" method="post"><input type="hidden" name="csrf" value="${state.csrf}"><p>Token ${state.csrf}</p><button>Add to cart</button></form>
</article>
</main>
<div class="ad-slot advertisement"><a href="https://ads.example/ad-${state.ad}">Buy ad product ${state.ad} now</a></div>
<footer><p>Last updated ${state.updatedAt.toISOString()}</p></footer>
</body></html>`;
}
