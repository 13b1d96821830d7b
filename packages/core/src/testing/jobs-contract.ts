import { describe, expect, it } from 'vitest';
import type { JobError, JobStatus, NewJob } from '../ports/store.js';
import type { Harness } from './harness.js';

const HOUR = 60 * 60 * 1000;

export function sampleJob(h: Harness, overrides: Partial<NewJob> = {}): NewJob {
  const now = h.now();
  return {
    id: h.id('job'),
    kind: 'crawl',
    teamId: h.id('team'),
    options: { url: 'https://example.test/', limit: 10, scrapeOptions: { formats: ['markdown'] }, note: 'héllo ✓' },
    createdAt: now,
    expiresAt: now + HOUR,
    ...overrides,
  };
}

export function describeJobs(h: Harness): void {
  describe('jobs', () => {
    it('creates a job in scraping with zero counters and the given fields', async () => {
      const input = sampleJob(h, { kind: 'batch_scrape' });
      const created = await h.store().jobs.create(input);
      expect(created).toMatchObject({
        id: input.id,
        kind: 'batch_scrape',
        teamId: input.teamId,
        status: 'scraping',
        createdAt: input.createdAt,
        expiresAt: input.expiresAt,
        counters: { total: 0, completed: 0, failed: 0, creditsUsed: 0 },
        kickoffFinished: false,
        options: input.options,
      });
      expect(created?.error).toBeUndefined();
      expect(created?.output).toBeUndefined();
      expect(await h.store().jobs.get(input.id)).toEqual(created);
    });

    it('refuses a duplicate id and keeps the first job', async () => {
      const first = sampleJob(h);
      await h.store().jobs.create(first);
      const duplicate = await h.store().jobs.create({ ...first, teamId: 'someone-else', options: { other: true } });
      expect(duplicate).toBeNull();
      expect((await h.store().jobs.get(first.id))?.teamId).toBe(first.teamId);
    });

    it('reads null for an unknown job', async () => {
      expect(await h.store().jobs.get(h.id('missing'))).toBeNull();
    });

    it('hands out copies: changing a returned record changes nothing stored', async () => {
      const input = sampleJob(h);
      const created = await h.store().jobs.create(input);
      if (!created) throw new Error('create failed');
      created.status = 'failed';
      created.counters.completed = 99;
      (created.options as { url: string }).url = 'https://changed.test/';
      const read = await h.store().jobs.get(input.id);
      expect(read?.status).toBe('scraping');
      expect(read?.counters.completed).toBe(0);
      expect(read?.options).toEqual(input.options);
    });

    it('hands out a record as it was: a later change or a caller replacing a field changes neither', async () => {
      const input = sampleJob(h);
      await h.store().jobs.create(input);
      await h.store().jobs.saveOutput(input.id, { pages: 1 });
      const before = await h.store().jobs.get(input.id);
      await h.store().jobs.saveOutput(input.id, { pages: 2 });
      expect(before?.output).toEqual({ pages: 1 });
      expect(before?.options).toEqual(input.options);
      if (!before) throw new Error('get failed');
      before.options = { replaced: true };
      expect(before.options).toEqual({ replaced: true });
      expect((await h.store().jobs.get(input.id))?.options).toEqual(input.options);
      expect(JSON.parse(JSON.stringify(before))).toMatchObject({ output: { pages: 1 }, options: { replaced: true } });
    });

    it('sets the status only when the current status matches, applying the patch with it', async () => {
      const input = sampleJob(h);
      await h.store().jobs.create(input);
      const jobs = h.store().jobs;
      expect(await jobs.setStatus(input.id, 'completed', 'failed')).toBeNull();
      expect((await jobs.get(input.id))?.status).toBe('scraping');

      const error: JobError = { code: 'SCRAPE_TIMEOUT', message: 'the start page timed out' };
      const expiresAt = h.now() + 2 * HOUR;
      const failed = await jobs.setStatus(input.id, ['completed', 'scraping'], 'failed', { error, expiresAt });
      expect(failed).toMatchObject({ status: 'failed', error, expiresAt });
      expect(failed?.updatedAt).toBeGreaterThanOrEqual(input.createdAt);
      expect(await jobs.get(input.id)).toEqual(failed);
      expect(await jobs.setStatus(input.id, 'scraping', 'completed')).toBeNull();
      expect(await jobs.setStatus(h.id('missing'), 'scraping', 'completed')).toBeNull();
    });

    it('treats a same-status set as a guarded patch', async () => {
      const input = sampleJob(h);
      await h.store().jobs.create(input);
      const marked = await h.store().jobs.setStatus(input.id, 'scraping', 'scraping', { kickoffFinished: true });
      expect(marked).toMatchObject({ status: 'scraping', kickoffFinished: true });
      await h.store().jobs.setStatus(input.id, 'scraping', 'cancelled');
      expect(await h.store().jobs.setStatus(input.id, 'scraping', 'scraping', { output: { late: true } })).toBeNull();
      expect((await h.store().jobs.get(input.id))?.output).toBeUndefined();
    });

    it('lets exactly one of many concurrent compare-and-sets win', async () => {
      const input = sampleJob(h);
      await h.store().jobs.create(input);
      const targets: JobStatus[] = ['completed', 'failed', 'cancelled'];
      const attempts = Array.from({ length: 24 }, (_, i) => targets[i % 3] as JobStatus);
      const results = await Promise.all(attempts.map((to) => h.store().jobs.setStatus(input.id, 'scraping', to)));
      const winners = results.flatMap((result, i) => (result ? [attempts[i]] : []));
      expect(winners).toHaveLength(1);
      expect((await h.store().jobs.get(input.id))?.status).toBe(winners[0]);
    });

    it('sums concurrent counter increments exactly', async () => {
      const input = sampleJob(h);
      await h.store().jobs.create(input);
      await Promise.all([
        ...Array.from({ length: 40 }, () => h.store().jobs.increment(input.id, { completed: 1, creditsUsed: 3 })),
        ...Array.from({ length: 15 }, () => h.store().jobs.increment(input.id, { failed: 1 })),
        ...Array.from({ length: 20 }, () => h.store().jobs.increment(input.id, { total: 4 })),
      ]);
      const job = await h.store().jobs.get(input.id);
      expect(job?.counters).toEqual({ total: 80, completed: 40, failed: 15, creditsUsed: 120 });
      expect(await h.store().jobs.increment(h.id('missing'), { total: 1 })).toBeNull();
    });

    it('saves and replaces the output as JSON, whatever the status', async () => {
      const input = sampleJob(h, { kind: 'llmstxt' });
      await h.store().jobs.create(input);
      const partial = { llmstxt: '# site\n- [A](https://a.test): first' };
      expect((await h.store().jobs.saveOutput(input.id, partial))?.output).toEqual(partial);
      await h.store().jobs.setStatus(input.id, 'scraping', 'completed');
      const full = { llmstxt: '# site\n', llmsfulltxt: '## A\ntext ✓', pages: [1, 2, { nested: null }] };
      await h.store().jobs.saveOutput(input.id, full);
      expect(await h.store().jobs.get(input.id)).toMatchObject({ status: 'completed', output: full });
      expect(await h.store().jobs.saveOutput(h.id('missing'), full)).toBeNull();
    });

    it("lists a team's jobs of one kind in any status, newest first, before a time, up to the limit", async () => {
      const jobs = h.store().jobs;
      const teamId = h.id('team');
      const now = h.now();
      const oldest = sampleJob(h, { teamId, kind: 'agent', createdAt: now - 3000 });
      const middle = sampleJob(h, { teamId, kind: 'agent', createdAt: now - 2000 });
      const newest = sampleJob(h, { teamId, kind: 'agent', createdAt: now - 1000 });
      const expired = sampleJob(h, { teamId, kind: 'agent', createdAt: now - 500, expiresAt: now - 10 });
      const crawl = sampleJob(h, { teamId, createdAt: now - 1500 });
      const stranger = sampleJob(h, { kind: 'agent', createdAt: now - 1200 });
      for (const job of [middle, newest, oldest, expired, crawl, stranger]) await jobs.create(job);
      await jobs.setStatus(middle.id, 'scraping', 'completed');
      const listed = await jobs.listByTeam({ teamId, kind: 'agent', limit: 10 });
      expect(listed.map((job) => job.id)).toEqual([newest.id, middle.id, oldest.id]);
      expect(listed[1]).toEqual(await jobs.get(middle.id));
      expect((await jobs.listByTeam({ teamId, kind: 'agent', limit: 2 })).map((job) => job.id)).toEqual([newest.id, middle.id]);
      expect((await jobs.listByTeam({ teamId, kind: 'agent', before: now - 1000, limit: 10 })).map((job) => job.id)).toEqual([
        middle.id,
        oldest.id,
      ]);
      await jobs.delete(newest.id);
      expect((await jobs.listByTeam({ teamId, kind: 'agent', limit: 10 })).map((job) => job.id)).toEqual([middle.id, oldest.id]);
    });

    it('pages through jobs created in the same millisecond without skipping one', async () => {
      const jobs = h.store().jobs;
      const teamId = h.id('team');
      const createdAt = h.now() - 500;
      const tied = [1, 2, 3, 4].map(() => sampleJob(h, { teamId, kind: 'extract', createdAt }));
      const older = sampleJob(h, { teamId, kind: 'extract', createdAt: createdAt - 1 });
      for (const job of [...tied, older]) await jobs.create(job);
      const seen: string[] = [];
      let cursor: { before?: number; beforeId?: string } = {};
      for (let page = 0; page < 10; page += 1) {
        const listed = await jobs.listByTeam({ teamId, kind: 'extract', limit: 2, ...cursor });
        if (!listed.length) break;
        seen.push(...listed.map((job) => job.id));
        const last = listed[listed.length - 1]!;
        cursor = { before: last.createdAt, beforeId: last.id };
      }
      const byId = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
      expect(seen).toEqual([...tied.map((job) => job.id).sort(byId), older.id]);
      // Without the id, `before` alone still means "created strictly before".
      expect((await jobs.listByTeam({ teamId, kind: 'extract', before: createdAt, limit: 10 })).map((job) => job.id)).toEqual([older.id]);
    });

    it("lists a team's running jobs of one kind, oldest first, up to the limit", async () => {
      const jobs = h.store().jobs;
      const teamId = h.id('team');
      const now = h.now();
      const older = sampleJob(h, { teamId, createdAt: now - 2000 });
      const newer = sampleJob(h, { teamId, createdAt: now - 1000 });
      const finished = sampleJob(h, { teamId, createdAt: now - 3000 });
      const expired = sampleJob(h, { teamId, createdAt: now - 4000, expiresAt: now - 10 });
      const batch = sampleJob(h, { teamId, kind: 'batch_scrape' });
      const stranger = sampleJob(h, { createdAt: now - 5000 });
      for (const job of [newer, older, finished, expired, batch, stranger]) await jobs.create(job);
      await jobs.setStatus(finished.id, 'scraping', 'completed');
      const running = await jobs.listRunning({ teamId, kind: 'crawl', limit: 10 });
      expect(running.map((job) => job.id)).toEqual([older.id, newer.id]);
      expect(running[0]).toEqual(await jobs.get(older.id));
      expect((await jobs.listRunning({ teamId, kind: 'crawl', limit: 1 })).map((job) => job.id)).toEqual([older.id]);
      expect((await jobs.listRunning({ teamId, kind: 'batch_scrape', limit: 10 })).map((job) => job.id)).toEqual([batch.id]);
      await jobs.setStatus(older.id, 'scraping', 'cancelled');
      await jobs.delete(newer.id);
      expect(await jobs.listRunning({ teamId, kind: 'crawl', limit: 10 })).toEqual([]);
    });
  });
}
