import { describe, expect, it } from 'vitest';
import { largestCandidate, parseSrcset } from '../../src/content/assembly/srcset.js';

describe('srcset', () => {
  it('parses width and density descriptors', () => {
    expect(parseSrcset('a.jpg 400w, b.jpg 800w')).toEqual([
      { url: 'a.jpg', width: 400 },
      { url: 'b.jpg', width: 800 },
    ]);
    expect(parseSrcset('a.jpg, b.jpg 2x, c.jpg 1.5x')).toEqual([
      { url: 'a.jpg', density: 1 },
      { url: 'b.jpg', density: 2 },
      { url: 'c.jpg', density: 1.5 },
    ]);
  });

  it('keeps commas that are part of a URL', () => {
    expect(parseSrcset('https://img.example/w_400,h_300/a.jpg 400w, https://img.example/w_800,h_600/a.jpg 800w')).toEqual([
      { url: 'https://img.example/w_400,h_300/a.jpg', width: 400 },
      { url: 'https://img.example/w_800,h_600/a.jpg', width: 800 },
    ]);
  });

  it('picks the largest candidate, preferring widths to densities', () => {
    expect(largestCandidate(parseSrcset('s.jpg 300w, l.jpg 1200w, m.jpg 800w'))?.url).toBe('l.jpg');
    expect(largestCandidate(parseSrcset('a.jpg 1x, b.jpg 3x, c.jpg 2x'))?.url).toBe('b.jpg');
    expect(largestCandidate(parseSrcset('a.jpg 3x, b.jpg 640w'))?.url).toBe('b.jpg');
    expect(largestCandidate([])).toBeUndefined();
  });
});
