import { profileFixtures, startFixtureSite, type FixtureSite, type ProfileFixture } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToDocument } from '../../src/index.js';
import { parseAmount, toPrice } from '../../src/content/profiles/prices.js';
import { cssRules } from '../../src/content/profiles/css-rules.js';
import { embedPage } from '../../src/content/profiles/media.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

/** The fixture page as served, converted as a scrape converts it, with `profiles`. */
async function convert(fixture: ProfileFixture, profiles: Array<'product' | 'menu' | 'branding' | 'audio' | 'video'>) {
  const url = `${site.url}${fixture.path}`;
  const html = await (await fetch(url)).text();
  return { url, document: await htmlToDocument(html, { url, formats: ['markdown'], profiles }) };
}

describe('product', () => {
  it('reads a JSON-LD ProductGroup: variants with prices, sale, availability and images', async () => {
    const { url, document } = await convert(profileFixtures.jsonLdProduct, ['product']);
    const product = document.product!;
    expect(product).toMatchObject({
      title: 'Harbour Trail Jacket',
      brand: 'Harbourline',
      category: 'Outdoor > Jackets',
      url,
      description: 'A waterproof three-layer shell for wet coastal walks.',
    });
    expect(product.variants).toHaveLength(2);
    const [navy, rust] = product.variants;
    expect(navy).toMatchObject({
      sku: 'HTJ-NAVY-M',
      title: 'Harbour Trail Jacket, navy',
      values: { color: 'Navy' },
      price: { amount: 189, currency: 'EUR', formatted: '€189.00' },
      sale: { originalPrice: { amount: 239, currency: 'EUR' } },
      availability: { inStock: true, text: 'InStock' },
    });
    // A variant without its own image shows the group's.
    expect(navy!.images).toEqual([
      { url: `${site.url}/assets/jacket-front.jpg` },
      { url: `${site.url}/assets/jacket-back.jpg`, alt: 'Back view' },
    ]);
    expect(rust).toMatchObject({
      sku: 'HTJ-RUST-M',
      price: { amount: 199, currency: 'EUR' },
      availability: { inStock: false, text: 'OutOfStock' },
    });
    expect(rust!.images).toEqual([{ url: `${site.url}/assets/jacket-rust.jpg` }]);
    expect(rust!.sale).toBeUndefined();
  });

  it('reads a product told by microdata only', async () => {
    const { url, document } = await convert(profileFixtures.microdataProduct, ['product']);
    expect(document.product).toEqual({
      title: 'Enamel Camp Mug',
      brand: 'Fjellkit',
      url,
      description: 'A 350 ml enamel mug that goes on the stove and in the pack.',
      variants: [
        {
          id: 'FK-MUG-350',
          sku: 'FK-MUG-350',
          price: { amount: 24.5, currency: 'GBP', formatted: '£24.50' },
          availability: { inStock: true, text: 'LimitedAvailability' },
          images: [{ url: `${site.url}/assets/mug.jpg` }],
        },
      ],
    });
  });

  it('leaves product out of a page that shows none, and out of documents that did not ask', async () => {
    const { document } = await convert(profileFixtures.menu, ['product']);
    expect(document.product).toBeUndefined();
    const plain = await convert(profileFixtures.jsonLdProduct, ['video']);
    expect(plain.document.product).toBeUndefined();
  });
});

describe('menu', () => {
  it('reads sections and priced items from a menu page with no structured data', async () => {
    const { url, document } = await convert(profileFixtures.menu, ['menu']);
    const menu = document.menu!;
    expect(menu).toMatchObject({ isMenu: true, currency: 'USD', sourceUrl: url });
    expect(menu.confidence).toBeGreaterThan(0.5);
    expect(menu.sections.map((section) => [section.name, section.items.map((item) => item.name)])).toEqual([
      ['Starters', ['Clam chowder', 'Crab cakes']],
      ['Mains', ['Fish and chips', 'Lobster roll', 'Grilled salmon']],
      ['Desserts', ['Key lime pie']],
    ]);
    const chowder = menu.sections[0]!.items[0]!;
    expect(chowder).toMatchObject({
      id: 'item-1',
      description: 'Creamy New England style, with oyster crackers',
      price: { amount: 9.5, currency: 'USD', formatted: '$9.50' },
      availability: { inStock: true },
      sourceUrl: url,
    });
    expect(menu.sections[1]!.items[2]!.price?.amount).toBe(27.5);
  });

  it('reads a schema.org Menu in JSON-LD with diets and calories', async () => {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'Dockside Deli',
      hasMenu: {
        '@type': 'Menu',
        hasMenuSection: [
          {
            '@type': 'MenuSection',
            name: 'Sandwiches',
            hasMenuItem: [
              {
                '@type': 'MenuItem',
                name: 'Veggie club',
                offers: { '@type': 'Offer', price: '11.00', priceCurrency: 'CAD' },
                suitableForDiet: 'https://schema.org/VegetarianDiet',
                nutrition: { '@type': 'NutritionInformation', calories: '540 calories' },
              },
            ],
          },
        ],
      },
    };
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><p>Deli</p></body></html>`;
    const document = await htmlToDocument(html, { url: 'https://deli.example/menu', profiles: ['menu'] });
    expect(document.menu).toMatchObject({
      isMenu: true,
      confidence: 0.95,
      merchant: { name: 'Dockside Deli', type: 'Restaurant' },
      currency: 'CAD',
      sections: [
        {
          name: 'Sandwiches',
          items: [{ name: 'Veggie club', price: { amount: 11, currency: 'CAD' }, dietary: ['vegetarian'], calories: 540 }],
        },
      ],
    });
  });
});

describe('audio and video', () => {
  it('gives the page’s declared video first, and its audio', async () => {
    const { document } = await convert(profileFixtures.media, ['audio', 'video']);
    expect(document.video).toBe(`${site.url}/media/harbour-og.mp4`);
    expect(document.audio).toBe(`${site.url}/media/soundtrack.mp3`);
  });

  it('reads players of known hosts as the media’s own page', () => {
    expect(embedPage(new URL('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0'), 'video')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(embedPage(new URL('https://player.vimeo.com/video/76979871'), 'video')).toBe('https://vimeo.com/76979871');
    expect(embedPage(new URL('https://open.spotify.com/embed/episode/abc123'), 'audio')).toBe('https://open.spotify.com/episode/abc123');
    expect(embedPage(new URL('https://example.com/embed/x'), 'video')).toBeUndefined();
  });

  it('finds an iframe-only video', async () => {
    const html = '<html><body><iframe src="https://www.youtube.com/embed/abcdefghijk"></iframe></body></html>';
    const document = await htmlToDocument(html, { url: 'https://blog.example/post', profiles: ['video', 'audio'] });
    expect(document.video).toBe('https://www.youtube.com/watch?v=abcdefghijk');
    expect(document.audio).toBeUndefined();
  });
});

describe('branding', () => {
  it('reads colours, fonts, button, logo and favicon from the page and its CSS', async () => {
    const { document } = await convert(profileFixtures.branding, ['branding']);
    const branding = document.branding!;
    expect(branding).toMatchObject({
      colorScheme: 'light',
      brandName: 'Brightwave',
      logo: `${site.url}/assets/brightwave-logo.svg`,
      colors: { primary: '#0B5FFF', secondary: '#FF6B35', background: '#FFFFFF', textPrimary: '#1A1A2E', link: '#0B5FFF' },
      typography: {
        fontFamilies: { primary: 'Inter', heading: 'Playfair Display', code: 'JetBrains Mono' },
        fontSizes: { h1: '3rem', body: '16px' },
      },
      components: { buttonPrimary: { background: '#0B5FFF', textColor: '#FFFFFF', borderRadius: '8px' } },
      images: {
        logo: `${site.url}/assets/brightwave-logo.svg`,
        favicon: `${site.url}/assets/favicon-32.png`,
        ogImage: `${site.url}/assets/brightwave-card.png`,
      },
    });
    expect(branding.fonts?.map((font) => font.family)).toEqual(expect.arrayContaining(['Inter', 'Playfair Display']));
  });

  it('reads a dark page as dark', async () => {
    const html = '<html><head><style>body{background:#0d1117;color:#e6edf3}</style></head><body><p>Dark</p></body></html>';
    const document = await htmlToDocument(html, { url: 'https://dark.example/', profiles: ['branding'] });
    expect(document.branding).toMatchObject({
      colorScheme: 'dark',
      colors: { background: '#0D1117', textPrimary: '#E6EDF3' },
      images: { favicon: 'https://dark.example/favicon.ico' },
    });
  });
});

describe('the readers’ pieces', () => {
  it('reads prices in both separator conventions', () => {
    expect(parseAmount('$1,299.00')).toBe(1299);
    expect(parseAmount('1.299,95 €')).toBe(1299.95);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('1,000')).toBe(1000);
    expect(parseAmount('free')).toBeUndefined();
    expect(toPrice('€ 9,90')).toEqual({ amount: 9.9, currency: 'EUR', formatted: '€9.90' });
    expect(toPrice(5, 'not a code')).toEqual({ amount: 5 });
  });

  it('reads CSS rules through at-rule blocks, comments and strings, and survives broken CSS', () => {
    const rules = cssRules('/* x { } */ a { color: red } @media (x) { b { content: "}"; color: blue } } c { color');
    expect(rules.map((rule) => [rule.selector, Object.fromEntries(rule.declarations)])).toEqual([
      ['a', { color: 'red' }],
      ['b', { content: '"}"', color: 'blue' }],
      ['c', {}],
    ]);
  });
});
