import { describe, expect, it } from 'vitest';
import { likeness, sketchPage } from '../../src/crawl/traps/page-likeness.js';
import { TrapGuard, type TrapNotice } from '../../src/crawl/traps/trap-guard.js';
import { hasDatePart, isLoopingPath, urlShape } from '../../src/crawl/traps/url-shape.js';

describe('urlShape', () => {
  it('masks counters, dates and opaque ids, and keeps only the query parameter names', () => {
    expect(urlShape('https://ex.com/calendar?month=2026-11')).toBe('ex.com/calendar?month');
    expect(urlShape('https://ex.com/blog/2024/03/spring-walks')).toBe('ex.com/blog/#/#/spring-walks');
    expect(urlShape('https://ex.com/shop?sort=price&sid=9f8e7d6c5b4a3f2e&order=asc')).toBe('ex.com/shop?order&sid&sort');
    expect(urlShape('https://ex.com/s/a1b2c3d4e5f6a7b8c9/cart')).toBe('ex.com/s/*/cart');
    // Slugs stay: each post is its own shape.
    expect(urlShape('https://ex.com/blog/quiet-harbour')).not.toBe(urlShape('https://ex.com/blog/windy-ferry'));
    expect(urlShape('not a url')).toBeUndefined();
  });

  it('calls a path looping once one segment repeats more than 3 times', () => {
    expect(isLoopingPath('https://ex.com/docs/docs/docs/')).toBe(false);
    expect(isLoopingPath('https://ex.com/docs/docs/docs/docs/')).toBe(true);
    expect(isLoopingPath('https://ex.com/a/b/a/b/a/b/a/')).toBe(true);
  });

  it('sees dates in paths, values and date-named parameters, not in other numbers', () => {
    expect(hasDatePart('https://ex.com/events/2026/11/')).toBe(true);
    expect(hasDatePart('https://ex.com/calendar?m=202611')).toBe(true);
    expect(hasDatePart('https://ex.com/agenda?week=47')).toBe(true);
    expect(hasDatePart('https://ex.com/p/1234567')).toBe(false);
    expect(hasDatePart('https://ex.com/blog?page=2026')).toBe(false);
  });
});

describe('page likeness', () => {
  const nav = Array.from({ length: 15 }, (_, i) => `https://ex.com/section-${String.fromCharCode(97 + i)}`);
  it('reads pages differing only in links of their own shape as the same, and other pages apart', () => {
    const march = sketchPage({ url: 'https://ex.com/cal?month=2026-03', links: [...nav, 'https://ex.com/cal?month=2026-04'] });
    const april = sketchPage({ url: 'https://ex.com/cal?month=2026-04', links: [...nav, 'https://ex.com/cal?month=2026-05'] });
    expect(likeness(march, april)).toBe(1);
    const posts = (from: number) => Array.from({ length: 10 }, (_, i) => `https://ex.com/post/title-${String.fromCharCode(97 + from + i)}`);
    const one = sketchPage({ url: 'https://ex.com/blog?page=1', links: [...nav, ...posts(0)] });
    const two = sketchPage({ url: 'https://ex.com/blog?page=2', links: [...nav, ...posts(10)] });
    expect(likeness(one, two)).toBeLessThan(0.85);
  });
});

describe('TrapGuard', () => {
  const nav = Array.from({ length: 15 }, (_, i) => `https://ex.com/n${String.fromCharCode(97 + i)}`);
  const month = (n: number) => `https://ex.com/cal?month=${2026 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;

  /** Walks a chain of pages of one shape as a crawl does: note the page, offer its next link, count it as new. */
  function walk(guard: TrapGuard, urlAt: (n: number) => string, page: (n: number) => { links: string[]; text?: string }): number {
    let n = 0;
    while (n < 5000) {
      guard.notePage({ url: urlAt(n), ...page(n) });
      if (guard.refusal(urlAt(n + 1), urlAt(n))) return n + 1;
      guard.added([urlAt(n + 1)], urlAt(n));
      n++;
    }
    return n;
  }

  it('stops a chain of near-identical pages after 10 new URLs, and says so once', () => {
    const notices: TrapNotice[] = [];
    const guard = new TrapGuard(undefined, (notice) => notices.push(notice));
    expect(walk(guard, month, () => ({ links: nav, text: 'No walks are planned this month.' }))).toBe(11);
    guard.refusal(month(12), month(11));
    expect(notices).toEqual([{ shape: 'ex.com/cal?month', reason: 'near-identical-pages', example: month(11) }]);
  });

  it('gives a dated chain of distinct pages 60 new URLs, and another chain of distinct pages 1000', () => {
    const distinct = (n: number) => ({
      links: [...nav, `https://ex.com/event-${'x'.repeat(n % 50)}-${n}`],
      text: `Event ${n}: walk number ${n * 7}`,
    });
    expect(walk(new TrapGuard(), month, distinct)).toBe(61);
    expect(walk(new TrapGuard(), (n) => `https://ex.com/list?page=${n}`, distinct)).toBe(1001);
  });

  it('never holds back a URL found on a page of another shape', () => {
    const guard = new TrapGuard();
    walk(guard, month, () => ({ links: nav }));
    expect(guard.refusal(month(500), 'https://ex.com/')).toBeUndefined();
    expect(guard.refusal('https://ex.com/docs/docs/docs/docs/', 'https://ex.com/')).toBe('looping-path');
  });
});
