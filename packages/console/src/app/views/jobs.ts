import { h, replace, when } from '../dom.js';
import { JOB_KINDS, listJobs, type JobRow } from '../jobs-api.js';
import { failure, progress, statusBadge } from '../widgets.js';

const REFRESH_MS = 2000;

function row(job: JobRow): HTMLElement {
  const href = `#/jobs/${job.kind}/${job.id}`;
  return h(
    'tr',
    {},
    h('td', {}, JOB_KINDS[job.kind].label),
    h('td', { class: 'url' }, h('a', { href }, job.url ?? job.id)),
    h('td', {}, statusBadge(job.status)),
    h('td', {}, progress(job.completed, job.total), ` ${job.completed}/${job.total}`),
    h('td', {}, String(job.failed)),
    h('td', {}, String(job.creditsUsed)),
    h('td', {}, when(job.createdAt)),
  );
}

/** Jobs: the team's crawls, batches, extracts and llms.txt jobs, newest first, refreshed while any runs. */
export function jobs(): HTMLElement {
  const body = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  const view = h('div', {}, h('h1', {}, 'Jobs'), body);
  async function load() {
    try {
      const rows = await listJobs();
      replace(
        body,
        rows.length
          ? h(
              'div',
              { class: 'scroll' },
              h(
                'table',
                { class: 'jobs' },
                h(
                  'thead',
                  {},
                  h(
                    'tr',
                    {},
                    ['Kind', 'URL', 'Status', 'Progress', 'Failed', 'Credits', 'Started'].map((title) => h('th', { scope: 'col' }, title)),
                  ),
                ),
                h('tbody', {}, rows.map(row)),
              ),
            )
          : h('p', { class: 'muted' }, 'No jobs yet. Start a crawl from the Playground.'),
      );
      if (rows.some((job) => job.status === 'scraping')) setTimeout(() => view.isConnected && load(), REFRESH_MS);
    } catch (error) {
      replace(body, failure(error));
    }
  }
  void load();
  return view;
}
