import { describe, expect, it } from 'vitest';
import { charsetFromContentType, charsetFromMeta, decodeBody } from '../../src/fetch/charset.js';

const latin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('charset detection', () => {
  it('reads the header charset', () => {
    expect(charsetFromContentType('text/html; charset="ISO-8859-1"')).toBe('iso-8859-1');
    expect(charsetFromContentType('text/html')).toBeUndefined();
  });

  it('reads <meta charset> and <meta http-equiv>', () => {
    expect(charsetFromMeta(latin1('<html><head><meta charset="windows-1252">'))).toBe('windows-1252');
    expect(charsetFromMeta(latin1('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'))).toBe('shift_jis');
  });

  it('prefers the header over <meta>, and the BOM over both', () => {
    const body = latin1('<meta charset="utf-8"><p>Caf\u00e9</p>');
    expect(decodeBody(body, 'text/html; charset=iso-8859-1').text).toContain('Café');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('<p>Café</p>', 'utf8')]);
    expect(decodeBody(bom, 'text/html; charset=iso-8859-1').text).toContain('Café');
  });

  it('decodes Shift_JIS declared only in <meta>', () => {
    // "日本語" in Shift_JIS
    const body = new Uint8Array([...Buffer.from('<meta charset="shift_jis"><p>', 'latin1'), 0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]);
    expect(decodeBody(body, 'text/html').text).toContain('日本語');
  });

  it('falls back to UTF-8 for unknown labels', () => {
    const body = new Uint8Array(Buffer.from('<p>é</p>', 'utf8'));
    expect(decodeBody(body, 'text/html; charset=no-such-charset')).toEqual({ text: '<p>é</p>', charset: 'utf-8' });
  });
});
