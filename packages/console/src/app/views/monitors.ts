import { api } from '../api.js';
import { h, replace, when } from '../dom.js';
import { failure, pre, statusBadge } from '../widgets.js';
// A type only: the bundle takes nothing of core's code (esbuild drops type imports).
import type { MonitorSummary as Summary } from '@trawl/core/server';

function summaryText(summary: Summary | null | undefined): string {
  if (!summary) return '—';
  return `${summary.totalPages} pages: ${summary.changed} changed, ${summary.new} new, ${summary.removed} removed, ${summary.same} same, ${summary.error} failed`;
}

/** A unified diff, its added and removed lines marked (by class, and by their +/- for screen readers). */
function diffView(text: string): HTMLElement {
  return h(
    'pre',
    { class: 'code diff' },
    text.split('\n').map((line) => {
      const kind = line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : '';
      return h('span', kind ? { class: kind } : {}, `${line}\n`);
    }),
  );
}

/** Monitors: the team's scheduled change checks, each with its checks and their diffs. */
export function monitors(): HTMLElement {
  const body = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  void (async () => {
    try {
      const answer = await api('GET', '/v2/monitor');
      // biome-ignore lint/suspicious/noExplicitAny: the API's monitor view
      const list = (answer.data ?? []) as any[];
      replace(
        body,
        list.length
          ? h(
              'ul',
              { class: 'cards' },
              list.map((monitor) =>
                h(
                  'li',
                  { class: 'card' },
                  h('h2', {}, h('a', { href: `#/monitors/${monitor.id}` }, monitor.name ?? monitor.id)),
                  h(
                    'p',
                    {},
                    statusBadge(monitor.status),
                    ` ${monitor.schedule?.cron ?? ''} · next ${when(monitor.nextRunAt)} · last ${when(monitor.lastRunAt)}`,
                  ),
                  h('p', { class: 'muted' }, summaryText(monitor.lastCheckSummary)),
                ),
              ),
            )
          : h('p', { class: 'muted' }, 'No monitors. Create one with POST /v2/monitor (docs/api.md).'),
      );
    } catch (error) {
      replace(body, failure(error));
    }
  })();
  return h('div', {}, h('h1', {}, 'Monitors & changes'), body);
}

/** One monitor: its checks, newest first; a check opens its pages with their diffs. */
export function monitor(id: string): HTMLElement {
  const checks = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  const detail = h('section', { 'aria-live': 'polite' });
  async function openCheck(checkId: string) {
    try {
      const answer = await api('GET', `/v2/monitor/${id}/checks/${checkId}?limit=100`);
      // biome-ignore lint/suspicious/noExplicitAny: the API's check pages
      const pages = (answer.data?.pages ?? []) as any[];
      replace(
        detail,
        h('h2', {}, `Check ${checkId}`),
        h('p', {}, summaryText(answer.data?.summary)),
        pages.map((page) =>
          h(
            'div',
            { class: 'card' },
            h('p', {}, statusBadge(page.status), ' ', h('span', { class: 'url' }, page.url)),
            page.error ? failure(page.error) : null,
            page.diff?.text ? diffView(page.diff.text) : null,
            page.diff?.json
              ? h('details', {}, h('summary', {}, 'Structured diff (JSON)'), pre(JSON.stringify(page.diff.json, null, 2)))
              : null,
          ),
        ),
      );
    } catch (error) {
      replace(detail, failure(error));
    }
  }
  void (async () => {
    try {
      const answer = await api('GET', `/v2/monitor/${id}/checks`);
      // biome-ignore lint/suspicious/noExplicitAny: the API's checks
      const list = (answer.data ?? []) as any[];
      replace(
        checks,
        list.length
          ? h(
              'ul',
              { class: 'checks' },
              list.map((check) =>
                h(
                  'li',
                  {},
                  h('button', { type: 'button', class: 'link', onclick: () => openCheck(check.id) }, when(check.createdAt)),
                  ' ',
                  statusBadge(check.status),
                  ` ${summaryText(check.summary)}`,
                ),
              ),
            )
          : h('p', { class: 'muted' }, 'No checks yet.'),
      );
    } catch (error) {
      replace(checks, failure(error));
    }
  })();
  return h('div', {}, h('p', {}, h('a', { href: '#/monitors' }, '← Monitors')), h('h1', {}, `Monitor ${id}`), checks, detail);
}
