import { h, replace, when } from '../dom.js';
import { emptyFeed, hasOlder, jobRowKey, takeFirstPage, takeOlderPage, visibleRows } from '../job-feed.js';
import { JOB_KINDS, listJobPage, type JobKindName, type JobRow } from '../jobs-api.js';
import { failure, progress, statusBadge } from '../widgets.js';

const REFRESH_MS = 2000;
const KINDS = Object.keys(JOB_KINDS) as JobKindName[];

function row(job: JobRow): HTMLElement {
  const href = `#/jobs/${job.kind}/${job.id}`;
  return h(
    'tr',
    { 'data-key': jobRowKey(job) },
    h('td', {}, JOB_KINDS[job.kind].label),
    h('td', { class: 'url' }, h('a', { href }, job.url ?? job.id)),
    h('td', {}, statusBadge(job.status)),
    h('td', {}, progress(job.completed, job.total), ` ${job.completed}/${job.total}`),
    h('td', {}, String(job.failed)),
    h('td', {}, String(job.creditsUsed)),
    h('td', {}, when(job.createdAt)),
  );
}

/**
 * Jobs: the team's crawls, batches, extracts and llms.txt jobs, newest first, refreshed while any
 * runs; "Older jobs" reads each kind's next page (the list routes answer 50 at a time).
 */
export function jobs(): HTMLElement {
  const feed = emptyFeed();
  const tbody = h('tbody', {});
  const table = h(
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
      tbody,
    ),
  );
  const older = h('button', { type: 'button', class: 'secondary', onclick: () => void loadOlder() }, 'Older jobs');
  const told = h('p', { class: 'muted', 'aria-live': 'polite' });
  const body = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  const view = h('div', {}, h('h1', {}, 'Jobs'), body);
  let refreshing: ReturnType<typeof setTimeout> | undefined;

  /** Redraws the rows, keeping keyboard focus on the row that had it; returns the rows shown. */
  function render(): JobRow[] {
    const rows = visibleRows(feed);
    const focused = (document.activeElement?.closest('tr') as HTMLElement | null)?.dataset.key;
    if (!rows.length) {
      replace(body, h('p', { class: 'muted' }, 'No jobs yet. Start a crawl from the Playground.'));
      return rows;
    }
    replace(tbody, rows.map(row));
    older.hidden = !hasOlder(feed);
    if (!table.isConnected) replace(body, table, h('div', { class: 'buttons' }, older), told);
    if (focused) (tbody.querySelector(`tr[data-key="${CSS.escape(focused)}"] a`) as HTMLElement | null)?.focus();
    return rows;
  }

  function scheduleRefresh(rows: JobRow[]) {
    clearTimeout(refreshing);
    if (rows.some((job) => job.status === 'scraping')) refreshing = setTimeout(() => view.isConnected && load(), REFRESH_MS);
  }

  async function load() {
    try {
      const pages = await Promise.all(KINDS.map((kind) => listJobPage(kind)));
      for (const [index, kind] of KINDS.entries()) takeFirstPage(feed, kind, pages[index]!);
      scheduleRefresh(render());
    } catch (error) {
      replace(body, failure(error));
    }
  }

  /** Reads the next page of every kind that has one, then moves focus to the first row it brought in. */
  async function loadOlder() {
    older.setAttribute('aria-busy', 'true');
    (older as HTMLButtonElement).disabled = true;
    try {
      const shown = new Set(visibleRows(feed).map(jobRowKey));
      const kinds = KINDS.filter((kind) => feed.next[kind]);
      const pages = await Promise.all(kinds.map((kind) => listJobPage(kind, feed.next[kind])));
      for (const [index, kind] of kinds.entries()) takeOlderPage(feed, kind, pages[index]!);
      const rows = render();
      const added = rows.filter((job) => !shown.has(jobRowKey(job)));
      replace(told, `${added.length} older ${added.length === 1 ? 'job' : 'jobs'} loaded; ${rows.length} shown.`);
      const first = added[0];
      if (first) (tbody.querySelector(`tr[data-key="${CSS.escape(jobRowKey(first))}"] a`) as HTMLElement | null)?.focus();
      else if (!older.hidden) older.focus();
    } catch (error) {
      replace(told, failure(error));
    } finally {
      older.removeAttribute('aria-busy');
      (older as HTMLButtonElement).disabled = false;
    }
  }

  void load();
  return view;
}
