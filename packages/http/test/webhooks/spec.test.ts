import { describe, expect, it } from 'vitest';
import {
  buildEnvelope,
  completedEvent,
  failedEvent,
  pageEvent,
  pageFailedEvent,
  startedEvent,
  wantsEvent,
  webhookSpecSchema,
} from '../../src/webhooks/index.js';

describe('webhookSpecSchema', () => {
  it('normalises a bare URL to the object form', () => {
    expect(webhookSpecSchema.parse('https://hooks.example.com/in')).toEqual({ url: 'https://hooks.example.com/in' });
  });

  it('keeps every field of the object form', () => {
    const spec = {
      url: 'http://hooks.example.com/in',
      headers: { Authorization: 'Bearer abc' },
      metadata: { project: 7, tags: ['a'] },
      events: ['page', 'completed'],
    };
    expect(webhookSpecSchema.parse(spec)).toEqual(spec);
  });

  it.each([
    ['a non-http scheme', 'ftp://hooks.example.com/in'],
    ['a relative URL', '/hooks'],
    ['an object without url', { headers: {} }],
    ['an unknown key', { url: 'https://h.example.com', secret: 'x' }],
    ['an unknown event', { url: 'https://h.example.com', events: ['progress'] }],
    ['a header value with a line break', { url: 'https://h.example.com', headers: { 'X-A': 'a\r\nX-B: b' } }],
    ['an invalid header name', { url: 'https://h.example.com', headers: { 'Bad Name': 'v' } }],
    ['a non-string header value', { url: 'https://h.example.com', headers: { 'X-A': 1 } }],
  ])('refuses %s', (_label, input) => {
    expect(webhookSpecSchema.safeParse(input).success).toBe(false);
  });
});

describe('wantsEvent', () => {
  it('matches the name after the job kind against `events`, and everything when omitted', () => {
    const onlyPages = { url: 'https://h.example.com', events: ['page' as const] };
    expect(wantsEvent(onlyPages, 'crawl.page')).toBe(true);
    expect(wantsEvent(onlyPages, 'batch_scrape.page')).toBe(true);
    expect(wantsEvent(onlyPages, 'crawl.completed')).toBe(false);
    expect(wantsEvent({ url: 'https://h.example.com' }, 'crawl.failed')).toBe(true);
    expect(wantsEvent({ url: 'https://h.example.com', events: [] }, 'crawl.started')).toBe(false);
  });
});

describe('envelope and event builders', () => {
  const spec = { url: 'https://h.example.com', metadata: { run: 'r1' } };

  it('carries the document in an array on page events, and [] on started and completed', () => {
    const doc = { markdown: '# Hi', metadata: { sourceURL: 'https://site.example/a', statusCode: 200 } };
    expect(buildEnvelope(spec, pageEvent('batch_scrape', 'job-1', doc))).toEqual({
      success: true,
      type: 'batch_scrape.page',
      id: 'job-1',
      data: [doc],
      metadata: { run: 'r1' },
    });
    expect(buildEnvelope(spec, startedEvent('crawl', 'job-2'))).toEqual({
      success: true,
      type: 'crawl.started',
      id: 'job-2',
      data: [],
      metadata: { run: 'r1' },
    });
    expect(buildEnvelope({ url: spec.url }, completedEvent('crawl', 'job-2'))).toEqual({
      success: true,
      type: 'crawl.completed',
      id: 'job-2',
      data: [],
      metadata: {},
    });
  });

  it('reports failures with success false and the error', () => {
    expect(buildEnvelope(spec, failedEvent('batch_scrape', 'job-3', 'store unavailable'))).toEqual({
      success: false,
      type: 'batch_scrape.failed',
      id: 'job-3',
      data: [],
      metadata: { run: 'r1' },
      error: 'store unavailable',
    });
    expect(buildEnvelope(spec, pageFailedEvent('crawl', 'job-4', 'https://site.example/b', 'timed out'))).toEqual({
      success: false,
      type: 'crawl.page',
      id: 'job-4',
      data: [{ metadata: { sourceURL: 'https://site.example/b' } }],
      metadata: { run: 'r1' },
      error: 'timed out',
    });
  });
});
