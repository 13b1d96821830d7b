import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charsetPhrases, startFixtureSite, type FixtureSite } from '../src/index.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());

async function bytes(path: string): Promise<{ contentType: string | null; body: Buffer }> {
  const res = await fetch(`${site.url}${path}`);
  expect(res.status).toBe(200);
  return { contentType: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

describe('charset pages', () => {
  it('/charset/utf8 declares utf-8 and carries accents, CJK and emoji', async () => {
    const { contentType, body } = await bytes('/charset/utf8');
    expect(contentType).toBe('text/html; charset=utf-8');
    expect(new TextDecoder('utf-8', { fatal: true }).decode(body)).toContain(charsetPhrases.utf8);
  });

  it.each([
    ['/charset/latin1-header', 'text/html; charset=ISO-8859-1', null],
    ['/charset/latin1-meta', 'text/html', '<meta charset="iso-8859-1">'],
  ])('%s is Latin-1 bytes (header %s)', async (path, header, meta) => {
    const { contentType, body } = await bytes(path);
    expect(contentType).toBe(header);
    // "é" is one byte (0xE9) in Latin-1 and is not valid UTF-8 there.
    expect(body.includes(Buffer.from('Caf\u00e9', 'latin1'))).toBe(true);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(body)).toThrow();
    const text = new TextDecoder('iso-8859-1').decode(body);
    expect(text).toContain(charsetPhrases.latin1);
    if (meta) expect(text).toContain(meta);
  });

  it.each([
    ['/charset/shift-jis-meta', 'text/html', true],
    ['/charset/shift-jis-header', 'text/html; charset=Shift_JIS', false],
  ])('%s is Shift_JIS bytes (header %s)', async (path, header, hasMeta) => {
    const { contentType, body } = await bytes(path);
    expect(contentType).toBe(header);
    const text = new TextDecoder('shift_jis').decode(body);
    expect(text).toContain(charsetPhrases.shiftJis);
    expect(new TextDecoder('utf-8').decode(body)).not.toContain(charsetPhrases.shiftJis);
    expect(text.includes('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">')).toBe(hasMeta);
  });
});
