import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/content/dom/parse.js';

describe('parseHtml', () => {
  it('parses a full page with its head and body', () => {
    const document = parseHtml('<!doctype html><html lang="fr"><head><title>T</title></head><body><p>Bonjour</p></body></html>');
    expect(document.documentElement.getAttribute('lang')).toBe('fr');
    expect(document.head.querySelector('title')?.textContent).toBe('T');
    expect(document.body.querySelector('p')?.textContent).toBe('Bonjour');
  });

  it('puts a fragment without <html> or <body> into a body', () => {
    const document = parseHtml('<p>one</p><p>two</p>');
    expect(document.documentElement.tagName).toBe('HTML');
    expect(Array.from(document.body.querySelectorAll('p')).map((p) => p.textContent)).toEqual(['one', 'two']);
  });

  it('moves content a page writes outside <body> into the body, in order', () => {
    const document = parseHtml('<html><head><title>t</title></head><p>body-less</p></html>');
    expect(document.body.textContent).toContain('body-less');
    expect(document.querySelectorAll('body')).toHaveLength(1);
  });

  it('gives empty input and plain text a body too', () => {
    expect(parseHtml('').body.textContent).toBe('');
    expect(parseHtml('just text').body.textContent).toBe('just text');
  });
});
