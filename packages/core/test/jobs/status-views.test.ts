import { describe, expect, it } from 'vitest';
import { toErrorsReport, toV0CrawlState, toV0CrawlStatus, toV1JobStatus } from '../../src/jobs/status-views.js';
import type { JobRecord, JobStatus } from '../../src/ports/store.js';

function job(status: JobStatus): JobRecord {
  return {
    id: 'j',
    kind: 'crawl',
    teamId: 't',
    status,
    createdAt: Date.UTC(2025, 7, 27, 9, 0, 0),
    updatedAt: Date.UTC(2025, 7, 27, 9, 5, 0),
    expiresAt: Date.UTC(2025, 7, 28, 10, 15, 2),
    counters: { total: 12, completed: 9, failed: 2, creditsUsed: 45 },
    kickoffFinished: true,
    options: {},
  };
}

describe('v1 status view', () => {
  it('shows the counters and an ISO expiry', () => {
    expect(toV1JobStatus(job('scraping'))).toEqual({
      status: 'scraping',
      total: 12,
      completed: 9,
      creditsUsed: 45,
      expiresAt: '2025-08-28T10:15:02.000Z',
    });
  });

  it.each(['completed', 'failed', 'cancelled'] as const)('reads %s as itself', (status) => {
    expect(toV1JobStatus(job(status)).status).toBe(status);
  });
});

describe('v0 crawl status view', () => {
  it('maps scraping to active and counts handled pages as current', () => {
    expect(toV0CrawlStatus(job('scraping'))).toEqual({ status: 'active', current: 11, total: 12 });
  });

  it('reads completed and failed as themselves, and a cancelled crawl as failed', () => {
    expect(toV0CrawlState('completed')).toBe('completed');
    expect(toV0CrawlState('failed')).toBe('failed');
    expect(toV0CrawlState('cancelled')).toBe('failed');
  });
});

describe('errors report', () => {
  it('lists failures with ISO timestamps and robots-blocked URLs', () => {
    const at = Date.UTC(2025, 0, 2, 3, 4, 5, 678);
    const report = toErrorsReport(
      [
        { kind: 'error', id: 'e1', url: 'https://a.test/x', error: 'Request timed out', code: 'SCRAPE_TIMEOUT', at },
        { kind: 'error', id: 'e2', url: 'https://a.test/y', error: 'boom', at },
      ],
      [{ kind: 'robots_blocked', url: 'https://a.test/private' }],
    );
    expect(report).toEqual({
      errors: [
        { id: 'e1', timestamp: '2025-01-02T03:04:05.678Z', url: 'https://a.test/x', error: 'Request timed out', code: 'SCRAPE_TIMEOUT' },
        { id: 'e2', timestamp: '2025-01-02T03:04:05.678Z', url: 'https://a.test/y', error: 'boom' },
      ],
      robotsBlocked: ['https://a.test/private'],
    });
  });
});
