import { api } from '../api.js';
import { h, replace, when } from '../dom.js';
import { markdownZip, toJsonl } from '../exports.js';
import { allDocuments, JOB_KINDS, type JobKindName } from '../jobs-api.js';
import { download, failure, pre, progress, statusBadge } from '../widgets.js';
import { showDocument } from './playground.js';

const POLL_MS = 1500;
const PAGE_SIZE = 10;
/** While a job runs, its errors are read every this many status polls (one read at a time): the errors route answers every failure at once. */
const ERRORS_EVERY = 2;
/** Failed pages listed on the page; the rest are counted (the JSON of `…/errors` has them all). */
const FAILED_SHOWN = 100;

/** One job: live progress, cancel, why pages failed, the results a page at a time, and downloads. */
export function job(kind: JobKindName, id: string): HTMLElement {
  const routes = JOB_KINDS[kind];
  const summary = h('section', { class: 'card', 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading…'));
  const errors = h('section', {});
  const results = h('section', {});
  const view = h(
    'div',
    {},
    h('p', {}, h('a', { href: '#/jobs' }, '← Jobs')),
    h('h1', {}, `${routes.label} ${id}`),
    summary,
    errors,
    results,
  );
  let shownResults = false;
  let polls = 0;
  let errorsReading = false;
  /** Answers of the errors route are drawn only if no later read was drawn first. */
  let errorsAsked = 0;
  let errorsDrawn = 0;

  async function refresh() {
    try {
      const status = await api('GET', `${routes.status}/${id}${routes.pages ? '?limit=1' : ''}`);
      const running = status.status === 'scraping' || status.status === 'processing';
      const parts = [
        h('p', {}, 'Status: ', statusBadge(status.status)),
        routes.pages
          ? h(
              'p',
              {},
              progress(status.completed ?? 0, status.total ?? 0),
              h('span', { class: 'count' }, ` ${status.completed ?? 0}/${status.total ?? 0} pages`),
            )
          : null,
        h('p', {}, `Credits used: ${status.creditsUsed ?? 0}`, status.expiresAt ? ` · kept until ${when(status.expiresAt)}` : ''),
        routes.cancel && running ? h('button', { type: 'button', class: 'danger', onclick: cancel }, 'Cancel') : null,
        status.error ? failure(status.error) : null,
      ];
      replace(summary, parts);
      if (!routes.pages) replace(results, h('h2', {}, 'Output'), pre(JSON.stringify(status.data ?? status, null, 2)));
      if (running) {
        if (routes.pages && polls++ % ERRORS_EVERY === 0 && !errorsReading) void showErrors();
        setTimeout(() => view.isConnected && refresh(), POLL_MS);
      } else if (routes.pages && !shownResults) {
        shownResults = true;
        void showErrors();
        void showPage(`${routes.status}/${id}?limit=${PAGE_SIZE}`, []);
      }
    } catch (error) {
      replace(summary, failure(error));
    }
  }

  async function cancel() {
    try {
      await api('DELETE', `${routes.status}/${id}`);
    } catch (error) {
      summary.append(failure(error));
    }
    void refresh();
  }

  /** The failed pages with their reasons and the URLs robots.txt kept out: live while the job runs, final once it ended. */
  async function showErrors() {
    const asked = ++errorsAsked;
    errorsReading = true;
    try {
      const answer = await api('GET', `${routes.status}/${id}/errors`);
      if (asked < errorsDrawn) return;
      errorsDrawn = asked;
      const failed = (answer.errors ?? []) as Array<{ url: string; error: string; code?: string }>;
      const blocked = (answer.robotsBlocked ?? []) as string[];
      if (!failed.length && !blocked.length) return replace(errors);
      const more = failed.length - FAILED_SHOWN;
      replace(
        errors,
        h('h2', {}, `Failed pages (${failed.length})`),
        h(
          'ul',
          { class: 'failed' },
          failed
            .slice(0, FAILED_SHOWN)
            .map((item) => h('li', {}, h('span', { class: 'url' }, item.url), ': ', h('span', { class: 'reason' }, item.error))),
        ),
        more > 0 ? h('p', { class: 'muted' }, `and ${more} more (GET ${routes.status}/${id}/errors lists them all)`) : null,
        blocked.length
          ? h(
              'details',
              {},
              h('summary', {}, `Blocked by robots.txt (${blocked.length})`),
              h(
                'ul',
                {},
                blocked.slice(0, FAILED_SHOWN).map((url) => h('li', {}, url)),
              ),
            )
          : null,
      );
    } catch (error) {
      if (asked >= errorsDrawn) replace(errors, failure(error));
    } finally {
      if (asked === errorsAsked) errorsReading = false;
    }
  }

  /** One page of results; `back` holds the URLs of the pages before it. */
  async function showPage(url: string, back: string[]) {
    try {
      const page = await api('GET', url);
      // biome-ignore lint/suspicious/noExplicitAny: v2 Documents
      const docs = (page.data ?? []) as any[];
      const reader = h('div', { class: 'reader' });
      const list = h(
        'ol',
        { class: 'pages', start: back.length * PAGE_SIZE + 1 },
        docs.map((doc) =>
          h(
            'li',
            {},
            h(
              'button',
              {
                type: 'button',
                class: 'link',
                onclick: () => replace(reader, h('h3', {}, doc.metadata?.title ?? doc.metadata?.sourceURL ?? ''), showDocument(doc)),
              },
              doc.metadata?.sourceURL ?? doc.metadata?.url ?? '(page)',
            ),
            doc.metadata?.statusCode ? h('span', { class: 'muted' }, ` ${doc.metadata.statusCode}`) : null,
          ),
        ),
      );
      replace(
        results,
        h('h2', {}, 'Results'),
        h(
          'div',
          { class: 'buttons' },
          h('button', { type: 'button', class: 'secondary', onclick: () => exportAll('jsonl') }, 'Download JSONL'),
          h('button', { type: 'button', class: 'secondary', onclick: () => exportAll('zip') }, 'Download Markdown (zip)'),
        ),
        docs.length ? list : h('p', { class: 'muted' }, 'No pages.'),
        h(
          'div',
          { class: 'buttons' },
          back.length
            ? h('button', { type: 'button', class: 'secondary', onclick: () => showPage(back.at(-1)!, back.slice(0, -1)) }, 'Previous page')
            : null,
          page.next
            ? h('button', { type: 'button', class: 'secondary', onclick: () => showPage(page.next, [...back, url]) }, 'Next page')
            : null,
        ),
        reader,
      );
    } catch (error) {
      replace(results, failure(error));
    }
  }

  async function exportAll(as: 'jsonl' | 'zip') {
    try {
      const documents = await allDocuments(kind, id);
      if (as === 'jsonl') download(`${kind}-${id}.jsonl`, toJsonl(documents), 'application/x-ndjson');
      else download(`${kind}-${id}.zip`, markdownZip(documents) as BlobPart, 'application/zip');
    } catch (error) {
      results.append(failure(error));
    }
  }

  void refresh();
  return view;
}
