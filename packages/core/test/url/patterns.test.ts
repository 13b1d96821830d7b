import { describe, expect, it } from 'vitest';
import { isTrawlError, type TrawlError } from '../../src/errors.js';
import { MAX_PATTERN_LENGTH, MAX_PATTERNS } from '../../src/limits.js';
import { matchesUrlPattern } from '../../src/llm/extract/url-patterns.js';
import { createLinkFilter } from '../../src/url/filters.js';
import { compileGlob } from '../../src/url/glob.js';
import { userRegexProblem } from '../../src/url/patterns.js';

const START = 'https://example.com/';
/** A path on which backtracking engines take exponential time for `(a+)+$` and `*a*a*…b`. */
const BAIT = `/${'a'.repeat(5000)}!`;

function thrown(attempt: () => unknown): TrawlError {
  try {
    attempt();
  } catch (error) {
    if (isTrawlError(error)) return error;
    throw error;
  }
  throw new Error('expected a TrawlError');
}

describe('user regular expressions (RE2)', () => {
  it.each([
    ['includePaths', { includePaths: ['(a+)+$'] }, 'not-included'],
    ['excludePaths', { excludePaths: ['(a+)+$'] }, 'allowed'],
    ['excludePaths on the full URL', { excludePaths: ['(a|aa)+$'], regexOnFullURL: true }, 'allowed'],
  ])('matches %s against a backtracking bait path and gives the right verdict', (_name, options, expected) => {
    const filter = createLinkFilter({ startUrl: START, ...options });
    const verdict = filter(`https://example.com${BAIT}`, { depth: 1 });
    expect(verdict.allowed ? 'allowed' : verdict.reason).toBe(expected);
    // The same pattern still matches what it should.
    const matching = filter('https://example.com/aaaa', { depth: 1 });
    expect(matching.allowed ? 'allowed' : matching.reason).toBe(expected === 'allowed' ? 'excluded' : 'allowed');
  });

  it.each([
    ['a backreference', '(a)\\1', /backreferences/],
    ['a lookahead', '^/(?=blog)', /lookaround/],
    ['a negative lookbehind', '(?<!x)y', /lookaround/],
    ['an unclosed group', '(unclosed', /RE2 syntax/],
  ])('refuses %s with INVALID_OPTIONS saying why', (_name, pattern, why) => {
    const error = thrown(() => createLinkFilter({ startUrl: START, includePaths: ['^/ok', pattern] }));
    expect(error.code).toBe('INVALID_OPTIONS');
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^includePaths\[1\] is not a valid regular expression/);
    expect(error.message).toMatch(why);
  });

  it('refuses a pattern over the length cap without quoting it whole', () => {
    const long = 'x'.repeat(MAX_PATTERN_LENGTH + 1);
    const error = thrown(() => createLinkFilter({ startUrl: START, excludePaths: [long] }));
    expect(error.message).toBe(`excludePaths[0] is ${long.length} characters long; a pattern may have at most ${MAX_PATTERN_LENGTH}`);
    expect(typeof userRegexProblem(`(${'y'.repeat(5000)}`)).toBe('string');
  });

  it('quotes at most a short prefix of a bad pattern', () => {
    const message = userRegexProblem(`(?=${'z'.repeat(900)})`) as string;
    expect(message.length).toBeLessThan(500);
  });

  it('refuses more patterns than the cap', () => {
    const many = Array.from({ length: MAX_PATTERNS + 1 }, (_, i) => `^/p${i}`);
    expect(thrown(() => createLinkFilter({ startUrl: START, includePaths: many })).message).toMatch(/at most 100/);
    expect(thrown(() => createLinkFilter({ startUrl: START, excludes: many })).code).toBe('INVALID_OPTIONS');
  });
});

describe('globs (RE2)', () => {
  it.each<[string, string, boolean]>([
    ['/blog/**', '/blog/a/b', true],
    ['/blog/**', '/blog/', true],
    ['/blog/*', '/blog/a', true],
    ['/blog/*', '/blog/a/b', false],
    ['**/*.pdf', '/blog/x/paper.pdf', true],
    ['**/*.pdf', '/paper.pdf', true],
    ['/**/a', '/a', true],
    ['/**/a', '/x/y/a', true],
    ['/crawl/b*', '/crawl/b', true],
    ['/crawl/b*', '/crawl/bx/y', false],
    ['/?', '/x', true],
    ['/?', '/xy', false],
    ['/{a,b}/x', '/b/x', true],
    ['/{a,{c,d}}/x', '/d/x', true],
    ['/{a,b}/x', '/c/x', false],
    ['/[!a]x', '/bx', true],
    ['/[!a]x', '/ax', false],
    ['/[a-c]x', '/bx', true],
    ['/a.b', '/axb', false],
    ['/a(b)+', '/a(b)+', true],
    ['/{x}', '/{x}', true],
    ['/[', '/[', true],
    ['/\\*', '/*', true],
    ['/\\*', '/x', false],
  ])('%s on %s is %s', (glob, path, expected) => {
    expect(compileGlob(glob).test(path)).toBe(expected);
  });

  it('matches a backtracking bait path in linear time', () => {
    expect(compileGlob('/*a*a*a*a*a*a*a*a*a*a*b').test(BAIT)).toBe(false);
    expect(compileGlob('/*a*a*a*a*a*a*a*a*a*a*!').test(BAIT)).toBe(true);
    const filter = createLinkFilter({ startUrl: START, includes: ['/*a*a*a*a*a*a*a*a*a*a*b'] });
    expect(filter(`https://example.com${BAIT}`, { depth: 1 })).toMatchObject({ allowed: false, reason: 'not-included' });
  });

  it('keeps extract URL globs working, hostile paths included', () => {
    expect(matchesUrlPattern('https://example.com/docs/a.html', 'https://example.com/docs/*.html')).toBe(true);
    expect(matchesUrlPattern('https://blog.example.com/x', 'https://*.example.com/*')).toBe(true);
    expect(matchesUrlPattern(`https://example.com${BAIT}`, 'https://example.com/*a*a*a*a*a*a*a*a*a*a*b')).toBe(false);
  });
});
