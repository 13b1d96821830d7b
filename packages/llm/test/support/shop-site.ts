/** A tiny shop on 127.0.0.1 whose pages state facts a model can only learn by reading them. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ShopSite {
  url: string;
  hits(path: string): number;
  close(): Promise<void>;
}

/** A 1x1 PNG. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const products = [
  { path: '/lantern', name: 'Brass ship lantern', price: 19.99 },
  { path: '/anchor', name: 'Cast iron anchor', price: 240 },
];

/** Products of the long catalogue page: 12 sections of 25, one product listed twice. */
export const catalogue = Array.from({ length: 300 }, (_, i) => ({ name: `Net model ${i + 1}`, price: 10 + i }));

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body><main>${body}</main></body></html>`;
}

function productPage(p: (typeof products)[number]): string {
  return page(
    p.name,
    `<article><h1>${p.name}</h1><p>Made by hand in Falmouth and shipped worldwide from our harbour workshop.</p><p>Price: $${p.price}</p><p><a href="/">Back to the shop</a></p></article>`,
    `<meta name="description" content="The ${p.name}, from the harbour shop.">`,
  );
}

function cataloguePage(): string {
  const sections: string[] = [];
  for (let s = 0; s < 12; s++) {
    const items = catalogue.slice(s * 25, s * 25 + 25);
    if (s === 11) items.push(catalogue[0]!); // listed twice: the merged answer must keep it once
    sections.push(`<h2>Products, part ${s + 1}</h2><ul>${items.map((p) => `<li>name: ${p.name}, price: ${p.price}</li>`).join('')}</ul>`);
  }
  return page('Net catalogue', `<article><h1>Net catalogue</h1>${sections.join('')}</article>`);
}

export async function startShopSite(): Promise<ShopSite> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const product = products.find((p) => p.path === path);
    if (product) return html(productPage(product));
    if (path === '/') {
      const links = products.map((p) => `<li><a href="${p.path}">${p.name}</a></li>`).join('');
      return html(
        page(
          'Harbour shop',
          `<h1>Harbour shop</h1><p>Everything for the boat, sold from the harbour since 1921.</p><ul>${links}</ul>`,
          '<meta name="description" content="Everything for the boat.">',
        ),
      );
    }
    if (path === '/catalogue') return html(cataloguePage());
    if (path === '/gallery') {
      return html(
        page(
          'Gallery',
          '<article><h1>Gallery</h1><p>Our workshop, seen from the quay at dawn on a calm day.</p><img src="/img/workshop.png"><img src="/img/logo.png" alt="Harbour shop logo"></article>',
        ),
      );
    }
    if (path.startsWith('/img/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': PIXEL_PNG.length });
      return res.end(PIXEL_PNG);
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end(page('Not found', '<h1>Not found</h1>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: (path) => hits.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
