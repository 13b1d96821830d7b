import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureJson, phrases, startFixtureSite, type FixtureSite } from '../src/index.js';
import { parseXml } from './helpers/xml.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function get(path: string): Promise<{ type: string | null; body: Buffer }> {
  const res = await fetch(`${site.url}${path}`);
  expect(res.status, path).toBe(200);
  return { type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

/** Walks PNG chunks, checking each CRC, and returns the IHDR fields and inflated pixel data. */
function readPng(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  expect(offset).toBe(png.length);
  return { width, height, pixels: inflateSync(Buffer.concat(idat)) };
}

describe('non-HTML resources', () => {
  it('/data.json is JSON', async () => {
    const { type, body } = await get('/data.json');
    expect(type).toBe('application/json');
    expect(JSON.parse(body.toString('utf8'))).toEqual(fixtureJson);
  });

  it('/plain.txt is UTF-8 text', async () => {
    const { type, body } = await get('/plain.txt');
    expect(type).toBe('text/plain; charset=utf-8');
    expect(body.toString('utf8')).toContain(phrases.plainText);
  });

  it('/image.png is a decodable 16x16 RGBA PNG', async () => {
    const { type, body } = await get('/image.png');
    expect(type).toBe('image/png');
    const { width, height, pixels } = readPng(body);
    expect([width, height]).toEqual([16, 16]);
    expect(pixels.length).toBe(16 * (1 + 16 * 4));
  });

  it('/favicon.ico is an icon wrapping a PNG', async () => {
    const { type, body } = await get('/favicon.ico');
    expect(type).toBe('image/x-icon');
    expect([body.readUInt16LE(0), body.readUInt16LE(2), body.readUInt16LE(4)]).toEqual([0, 1, 1]);
    const size = body.readUInt32LE(6 + 8);
    const offset = body.readUInt32LE(6 + 12);
    expect(offset + size).toBe(body.length);
    expect(readPng(body.subarray(offset)).width).toBe(16);
  });

  it('/img/*.jpg serves a JPEG', async () => {
    const { type, body } = await get('/img/photo-1600.jpg');
    expect(type).toBe('image/jpeg');
    expect(body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(body.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('/document.pdf is a PDF whose cross-reference offsets point at its objects', async () => {
    const { type, body } = await get('/document.pdf');
    expect(type).toBe('application/pdf');
    const text = body.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain(`(${phrases.pdf}) Tj`);
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    // Catalog, pages, two fonts, the content stream, the page, the document info.
    expect(offsets).toHaveLength(7);
    for (const [i, offset] of offsets.entries()) expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    const length = Number(/\/Length (\d+)/.exec(text)?.[1]);
    const stream = /stream\n([\s\S]*?)\nendstream/.exec(text)?.[1] ?? '';
    expect(stream.length).toBe(length);
  });

  it('/feed.xml is an RSS feed linking the blog posts', async () => {
    const { type, body } = await get('/feed.xml');
    expect(type).toBe('application/rss+xml; charset=utf-8');
    const rss = parseXml(body.toString('utf8'));
    expect(rss.name).toBe('rss');
    const items = rss.children[0]?.children.filter((child) => child.name === 'item') ?? [];
    expect(items.map((item) => item.children.find((c) => c.name === 'link')?.text)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `${site.url}/blog/${n}`),
    );
  });
});
