import { describe, expect, it } from 'vitest';
import { KICKOFF_KEY } from '../crawl/job-spec.js';
import type { DocumentEntry, ErrorEntry } from '../ports/store.js';
import type { Harness } from './harness.js';
import { sampleJob } from './jobs-contract.js';

/** Text as the web serves it: NUL and other control characters included (PostgreSQL text refuses a raw NUL). */
const WEB_TEXT = 'be\u0000fore \u0001\u001f after \u0000';

/**
 * A page's content is whatever the site sent: no store may fail a job on it. And the keys core
 * itself uses (the crawl's kickoff item) must be storable as they are.
 */
export function describeNulContent(h: Harness): void {
  describe('page content with NUL bytes', () => {
    it('keeps documents and errors holding NUL bytes exactly as appended', async () => {
      const jobId = h.id('job');
      const url = 'https://nul.test/page';
      const document: DocumentEntry = {
        kind: 'document',
        url,
        document: {
          markdown: `# ${WEB_TEXT}`,
          html: `<p>${WEB_TEXT}</p>`,
          links: [`${url}#${WEB_TEXT}`],
          metadata: { sourceURL: url, url, statusCode: 200, title: WEB_TEXT, description: WEB_TEXT },
        },
      };
      const error: ErrorEntry = {
        kind: 'error',
        id: h.id('err'),
        url,
        error: `Bad page: ${WEB_TEXT}`,
        code: 'SCRAPE_UNSUPPORTED_CONTENT',
        at: h.now(),
      };
      await h.store().results.append(jobId, [document, error]);
      expect(await h.store().results.read(jobId, { offset: 0, maxCount: 10, maxBytes: 1_000_000 })).toEqual({
        entries: [document, error],
        next: null,
      });
    });

    it('keeps a job error and output holding NUL bytes', async () => {
      const job = sampleJob(h);
      await h.store().jobs.create(job);
      await h.store().jobs.saveOutput(job.id, { text: WEB_TEXT });
      const failed = await h.store().jobs.setStatus(job.id, 'scraping', 'failed', { error: { code: 'INTERNAL', message: WEB_TEXT } });
      expect(failed).toMatchObject({ status: 'failed', error: { message: WEB_TEXT }, output: { text: WEB_TEXT } });
      expect(await h.store().jobs.get(job.id)).toEqual(failed);
    });

    it("stores and leases a crawl's kickoff item, keyed as core keys it", async () => {
      const jobId = h.id('job');
      const kickoff = { url: 'https://nul.test/', key: KICKOFF_KEY, depth: 0, data: { kickoff: true } };
      expect(await h.store().frontier.enqueue(jobId, [kickoff])).toEqual([kickoff]);
      const [lease] = await h.store().frontier.lease({ max: 1, leaseMs: 60_000, jobId });
      expect(lease?.item).toMatchObject(kickoff);
    });
  });
}
