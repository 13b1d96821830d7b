import { describe, expect, it } from 'vitest';
import { bracketedEnds } from '../../src/formats/bracketed-ends.js';

/**
 * The split as a regular expression, written first: the reference for short texts, where its
 * backtracking costs nothing (it is quadratic in the number of groups).
 */
const REFERENCE = /^((?:\\\[[^[\]\\]*\\\]\s*)*)((?:(?!\\[[\]])[^\n])*?)((?:\s*\\\[[^[\]\\]*\\\])*)$/;

function referenceSplit(text: string) {
  const match = REFERENCE.exec(text);
  return match ? { lead: match[1]!, middle: match[2]!, tail: match[3]! } : null;
}

/** Every text of up to `count` pieces drawn from `pieces`, in order. */
function* texts(pieces: string[], count: number, prefix = ''): Generator<string> {
  yield prefix;
  if (count === 0) return;
  for (const piece of pieces) yield* texts(pieces, count - 1, prefix + piece);
}

describe('bracketedEnds', () => {
  it('splits like the reference expression on every short text of brackets, words and spaces', () => {
    const pieces = ['\\[', '\\]', 'a', ' ', '\\', '[', ']', 'b c'];
    let compared = 0;
    for (const text of new Set(texts(pieces, 5))) {
      expect(bracketedEnds(text), JSON.stringify(text)).toEqual(referenceSplit(text));
      compared++;
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('splits the link texts Markdown writes', () => {
    expect(bracketedEnds('\\[Video Podcast\\] Building a harbour')).toEqual({
      lead: '\\[Video Podcast\\] ',
      middle: 'Building a harbour',
      tail: '',
    });
    expect(bracketedEnds('git-add\\[1\\]')).toEqual({ lead: '', middle: 'git-add', tail: '\\[1\\]' });
    expect(bracketedEnds('a \\[b\\] c')).toBeNull();
  });

  it('reads a link text of tens of thousands of groups in one pass', () => {
    const groups = '\\[a\\] '.repeat(40_000);
    expect(bracketedEnds(`${groups}\\[`)).toBeNull();
    expect(bracketedEnds(`${groups}title`)).toEqual({ lead: groups, middle: 'title', tail: '' });
  });
});
