/**
 * Pages for v2's product, menu, branding, audio and video formats (core's content/profiles/):
 * a product described by JSON-LD (a ProductGroup with two variants, one on sale), one described by
 * microdata only, a restaurant menu with no structured data (sections of priced items), a page
 * embedding video and audio (tags, og:video, JSON-LD, a YouTube iframe), and a branded page whose
 * CSS names its colours and fonts. Each says what the formats must read from it.
 */
import { simplePage } from './layout.js';

export interface ProfileFixture {
  path: string;
  html: string;
}

const jsonLdProduct = {
  '@context': 'https://schema.org',
  '@type': 'ProductGroup',
  name: 'Harbour Trail Jacket',
  description: 'A waterproof three-layer shell for wet coastal walks.',
  brand: { '@type': 'Brand', name: 'Harbourline' },
  category: 'Outdoor > Jackets',
  image: ['/assets/jacket-front.jpg', { '@type': 'ImageObject', url: '/assets/jacket-back.jpg', caption: 'Back view' }],
  variesBy: ['https://schema.org/color'],
  hasVariant: [
    {
      '@type': 'Product',
      sku: 'HTJ-NAVY-M',
      name: 'Harbour Trail Jacket, navy',
      color: 'Navy',
      offers: {
        '@type': 'Offer',
        price: '189.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/StrikethroughPrice',
          price: 239,
          priceCurrency: 'EUR',
        },
      },
    },
    {
      '@type': 'Product',
      sku: 'HTJ-RUST-M',
      name: 'Harbour Trail Jacket, rust',
      color: 'Rust',
      image: '/assets/jacket-rust.jpg',
      offers: { '@type': 'Offer', price: 199, priceCurrency: 'EUR', availability: 'https://schema.org/OutOfStock' },
    },
  ],
};

export const profileFixtures = {
  /** A ProductGroup in JSON-LD: two colour variants (navy on sale from 239 to 189 EUR and in stock; rust 199 EUR, out of stock). */
  jsonLdProduct: {
    path: '/profiles/product-json-ld',
    html: simplePage(
      'Harbour Trail Jacket | Harbourline',
      `<main><h1>Harbour Trail Jacket</h1>
<img src="/assets/jacket-front.jpg" alt="Front view">
<p>A waterproof three-layer shell for wet coastal walks. Taped seams, a hood that fits over a helmet and two chest pockets.</p>
<p><span class="price">€189.00</span> <s>€239.00</s></p>
<button class="add-to-cart">Add to cart</button></main>`,
      `<script type="application/ld+json">${JSON.stringify(jsonLdProduct)}</script>`,
    ),
  },
  /** A product told by microdata only: 24.50 GBP, limited availability, brand and SKU. */
  microdataProduct: {
    path: '/profiles/product-microdata',
    html: simplePage(
      'Enamel Camp Mug',
      `<main itemscope itemtype="https://schema.org/Product">
<h1 itemprop="name">Enamel Camp Mug</h1>
<img itemprop="image" src="/assets/mug.jpg" alt="A blue enamel mug">
<p itemprop="description">A 350 ml enamel mug that goes on the stove and in the pack.</p>
<p>By <span itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Fjellkit</span></span>, SKU <span itemprop="sku">FK-MUG-350</span></p>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
  <span itemprop="priceCurrency" content="GBP">£</span><span itemprop="price" content="24.50">24.50</span>
  <link itemprop="availability" href="https://schema.org/LimitedAvailability">Only a few left
</div></main>`,
    ),
  },
  /** A restaurant menu in plain markup: Starters (2 items), Mains (3 items), Desserts (1 item), prices in USD. */
  menu: {
    path: '/profiles/menu',
    html: simplePage(
      'Menu | The Salted Anchor',
      `<header><a href="/">The Salted Anchor</a></header>
<main><h1>Our menu</h1>
<section><h2>Starters</h2>
<ul>
<li><strong>Clam chowder</strong> Creamy New England style, with oyster crackers <span class="price">$9.50</span></li>
<li><strong>Crab cakes</strong> Two cakes with remoulade <span class="price">$14.00</span></li>
</ul></section>
<section><h2>Mains</h2>
<div class="item"><h3 class="visually-plain">Fish and chips</h3><p>Beer-battered cod, hand-cut fries</p><p class="price">$21.00</p></div>
<div class="item"><h4>Lobster roll</h4><p>Maine lobster, butter, toasted bun</p><p class="price">$32.00</p></div>
<div class="item"><h4>Grilled salmon</h4><p>Lemon, herbs, seasonal greens</p><p class="price">$27.50</p></div>
</section>
<section><h2>Desserts</h2>
<ul><li><strong>Key lime pie</strong> Graham crust, whipped cream <span class="price">$8.00</span></li></ul>
</section></main>`,
    ),
  },
  /** A page embedding video and audio: a JSON-LD VideoObject, og:video, a video tag with sources, a YouTube iframe, an audio tag. */
  media: {
    path: '/profiles/media',
    html: simplePage(
      'Harbour walks: the film',
      `<main><h1>Harbour walks: the film</h1>
<video controls poster="/assets/poster.jpg"><source src="/media/harbour.webm" type="video/webm"><source src="/media/harbour.mp4" type="video/mp4"></video>
<p>Listen to the soundtrack:</p>
<audio controls><source src="/media/soundtrack.mp3" type="audio/mpeg"></audio>
<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0" title="Trailer"></iframe></main>`,
      `<meta property="og:video" content="/media/harbour-og.mp4">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"VideoObject","name":"Harbour walks","contentUrl":"/media/harbour.mp4","embedUrl":"https://player.vimeo.com/video/76979871"}</script>`,
    ),
  },
  /** A branded page: CSS custom properties (primary #0B5FFF, secondary #FF6B35), Inter body and Playfair Display headings, a logo and a favicon. */
  branding: {
    path: '/profiles/branding',
    html: simplePage(
      'Pricing - Brightwave',
      `<header class="site-header"><a href="/" class="brand"><img class="logo" src="/assets/brightwave-logo.svg" alt="Brightwave"></a></header>
<main><h1>Plans for every team</h1><p>Start free, upgrade when you grow.</p><a class="btn btn-primary" href="/signup">Start free</a></main>`,
      `<meta property="og:site_name" content="Brightwave">
<meta property="og:image" content="/assets/brightwave-card.png">
<link rel="icon" href="/assets/favicon-32.png" sizes="32x32">
<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Playfair+Display&display=swap">
<style>
/* Brand tokens */
:root { --color-primary: #0b5fff; --color-secondary: #ff6b35; --bg: #ffffff; --text: #1a1a2e; --radius: 8px; }
body { font-family: "Inter", system-ui, sans-serif; background-color: var(--bg); color: var(--text); font-size: 16px; }
h1, h2, h3 { font-family: 'Playfair Display', Georgia, serif; }
h1 { font-size: 3rem; }
a { color: var(--color-primary); }
.btn-primary { background: var(--color-primary); color: #fff; border-radius: var(--radius); }
@media (max-width: 600px) { .btn-primary { border-radius: 4px; } }
code { font-family: "JetBrains Mono", monospace; }
</style>`,
    ),
  },
} as const satisfies Record<string, ProfileFixture>;
