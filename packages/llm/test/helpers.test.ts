import { describe, expect, it } from 'vitest';
import {
  finishAnswer,
  isUrlPattern,
  llmsTxtOf,
  matchesUrlPattern,
  mergeAnswers,
  nullableSchema,
  patternBase,
  rankByRelevance,
  relevanceQuery,
  splitContent,
  summaryFromPage,
  toExtractStatus,
  toLlmsTxtStatus,
} from '@trawl/core/server';
import type { JobRecord } from '@trawl/core/ports';

describe('URL globs of extract', () => {
  it('tells pages from patterns and finds where to map', () => {
    expect(isUrlPattern('https://site.test/blog/1')).toBe(false);
    expect(isUrlPattern('https://site.test/*')).toBe(true);
    expect(patternBase('https://site.test/*')).toBe('https://site.test/');
    expect(patternBase('https://site.test/blog/**')).toBe('https://site.test/blog/');
    expect(patternBase('https://site.test/docs/v*/api')).toBe('https://site.test/docs/');
    expect(patternBase('https://*.site.test/*')).toBe('https://site.test/');
  });

  it('reads a trailing /* as the whole section, as Firecrawl does, and other globs with minimatch', () => {
    const p = 'https://site.test/*';
    expect(matchesUrlPattern('https://site.test/', p)).toBe(true);
    expect(matchesUrlPattern('https://site.test/a/b/c', p)).toBe(true);
    expect(matchesUrlPattern('http://site.test/a', p)).toBe(true); // scheme not compared
    expect(matchesUrlPattern('https://other.test/a', p)).toBe(false);
    expect(matchesUrlPattern('https://blog.site.test/a', p)).toBe(false);
    expect(matchesUrlPattern('https://blog.site.test/a', p, { includeSubdomains: true })).toBe(true);
    expect(matchesUrlPattern('https://site.test/blog', 'https://site.test/blog/**')).toBe(true);
    expect(matchesUrlPattern('https://site.test/blog/2024/post', 'https://site.test/blog/**')).toBe(true);
    expect(matchesUrlPattern('https://site.test/news/1', 'https://site.test/blog/**')).toBe(false);
    expect(matchesUrlPattern('https://site.test/docs/a.html', 'https://site.test/docs/*.html')).toBe(true);
    expect(matchesUrlPattern('https://site.test/docs/a/b.html', 'https://site.test/docs/*.html')).toBe(false);
    expect(matchesUrlPattern('https://api.site.test/x', 'https://*.site.test/*')).toBe(true);
  });

  it('ranks by the prompt and the schema, dropping nothing', () => {
    const query = relevanceQuery('Find the pricing of each plan', { type: 'object', properties: { planName: { type: 'string' } } });
    expect(query.split(' ')).toEqual(expect.arrayContaining(['pricing', 'plan', 'name']));
    expect(query.split(' ')).not.toContain('the');
    const ranked = rankByRelevance(
      ['https://s.test/about', 'https://s.test/blog', 'https://s.test/pricing', 'https://s.test/plans/pro'],
      query,
    );
    expect(ranked.slice(0, 2).sort()).toEqual(['https://s.test/plans/pro', 'https://s.test/pricing']);
    expect(ranked).toHaveLength(4);
  });
});

describe('merging answers', () => {
  it('concatenates and deduplicates arrays, merges objects, and lets the majority (then the best source) pick scalars', () => {
    const merged = mergeAnswers([
      { source: 'a', value: { name: 'Acme', tags: ['Boats', 'nets'], address: { city: 'Falmouth', zip: null } } },
      { source: 'b', value: { name: 'ACME Ltd', tags: ['boats ', 'ropes'], address: { city: null, zip: 'TR11' } } },
      { source: 'c', value: { name: 'ACME Ltd', tags: [], address: null } },
    ]);
    expect(merged.value).toEqual({ name: 'ACME Ltd', tags: ['Boats', 'nets', 'ropes'], address: { city: 'Falmouth', zip: 'TR11' } });
    expect(merged.sources).toMatchObject({
      name: ['b', 'c'],
      tags: ['a', 'b'],
      'tags[0]': ['a', 'b'],
      'tags[2]': ['b'],
      'address.city': ['a'],
      'address.zip': ['b'],
    });
  });

  it('keeps the best source on a tie, and null when nobody found a value', () => {
    const merged = mergeAnswers([
      { source: 'best', value: { price: 10, note: '' } },
      { source: 'other', value: { price: 12, note: null } },
    ]);
    expect(merged.value).toEqual({ price: 10, note: null });
  });
});

describe('schemas', () => {
  it('asks with every property present and nullable, enums included', () => {
    const schema = {
      type: 'object',
      properties: {
        price: { type: 'number' },
        size: { type: 'string', enum: ['S', 'M'] },
        items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
        any: {},
        either: { oneOf: [{ type: 'string' }, { type: 'number' }], description: 'x' },
      },
      required: ['price'],
    };
    expect(nullableSchema(schema)).toEqual({
      type: 'object',
      properties: {
        price: { type: ['number', 'null'] },
        size: { type: ['string', 'null'], enum: ['S', 'M', null] },
        items: { type: ['array', 'null'], items: { type: 'object', properties: { sku: { type: ['string', 'null'] } }, required: ['sku'] } },
        any: {},
        either: { description: 'x', anyOf: [{ oneOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] },
      },
      required: ['price', 'size', 'items', 'any', 'either'],
    });
  });

  it('drops optional nulls and names the required fields left without a value', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'string' },
        list: { type: 'array', items: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] } },
      },
      required: ['a'],
    };
    expect(finishAnswer(schema, { a: null, b: null, list: [{ id: null }] })).toEqual({
      value: { a: null, list: [{ id: null }] },
      warning: 'No value was found for the required field(s) a, list[0].id; they are null.',
    });
    expect(finishAnswer(schema, { a: 'x', b: 'y', list: [] })).toEqual({ value: { a: 'x', b: 'y', list: [] } });
  });
});

describe('splitting long pages', () => {
  it('cuts before headings, then paragraphs, never past the size, losing nothing', () => {
    const sections = Array.from({ length: 8 }, (_, i) => `## Section ${i}\n\n${'word '.repeat(60).trim()}.`);
    const text = sections.join('\n\n');
    const pieces = splitContent(text, 800);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(800);
      expect(piece.startsWith('## Section')).toBe(true);
    }
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
    expect(splitContent('one-very-long-word'.repeat(100), 500).every((p) => p.length <= 500)).toBe(true);
    expect(splitContent('   ', 500)).toEqual([]);
  });
});

describe('llms.txt text and status bodies', () => {
  it('writes one link line per page, escaping what would break the Markdown', () => {
    const text = llmsTxtOf('https://s.test', [
      { url: 'https://s.test/a (b)', title: 'A [draft]\npage', description: 'Line one\nline two', markdown: '' },
    ]);
    expect(text).toBe('# https://s.test llms.txt\n\n- [A \\[draft\\] page](https://s.test/a%20%28b%29): Line one line two\n');
  });

  it('falls back to the first heading and sentence when a page has no metadata', () => {
    const summary = summaryFromPage(
      {
        markdown: '# Tide tables\n\nShort.\n\nThe tide turns twice a day at the quay. More text follows.',
        metadata: { sourceURL: 'x', url: 'x', statusCode: 200 },
      },
      'https://s.test/tides',
    );
    expect(summary).toEqual({ title: 'Tide tables', description: 'The tide turns twice a day at the quay.' });
  });

  it('shapes the status bodies from job records', () => {
    const base: JobRecord = {
      id: 'j',
      kind: 'llmstxt',
      teamId: 't',
      status: 'cancelled',
      createdAt: 0,
      updatedAt: 0,
      expiresAt: Date.UTC(2030, 0, 1),
      counters: { total: 0, completed: 0, failed: 0, creditsUsed: 0 },
      kickoffFinished: false,
      options: { kind: 'llmstxt', request: { url: 'https://s.test', maxUrls: 10, showFullText: false } },
    };
    expect(toLlmsTxtStatus(base)).toEqual({
      success: false,
      status: 'failed',
      data: { llmstxt: '' },
      expiresAt: '2030-01-01T00:00:00.000Z',
      error: 'The llms.txt generation was cancelled',
    });
    const extract: JobRecord = {
      ...base,
      kind: 'extract',
      status: 'completed',
      options: { kind: 'extract', request: { showSources: false } },
      output: { data: { a: 1 }, sources: { a: ['u'] }, urls: ['u'], tokensUsed: 9 },
    };
    expect(toExtractStatus(extract)).toEqual({
      success: true,
      status: 'completed',
      data: { a: 1 },
      expiresAt: '2030-01-01T00:00:00.000Z',
      tokensUsed: 9,
    });
  });
});
