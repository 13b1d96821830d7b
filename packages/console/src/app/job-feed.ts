import type { JobKindName, JobRow } from './jobs-api.js';

/** One answer of a list route: its rows and the URL of the older ones (absent on the last page). */
export interface JobListPage {
  rows: JobRow[];
  next?: string;
}

/**
 * The team's jobs of every kind as loaded so far. Each kind pages on its own (`next`), so the
 * merged list is cut at a horizon: no row older than the oldest loaded row of a kind that has
 * more, or an older job of that kind could be missing between two shown rows.
 */
export interface JobFeed {
  rows: Map<string, JobRow>;
  next: Partial<Record<JobKindName, string>>;
  /** Kinds whose older pages were read: their `next` is the deeper cursor, kept across refreshes. */
  paged: Set<JobKindName>;
}

export function emptyFeed(): JobFeed {
  return { rows: new Map(), next: {}, paged: new Set() };
}

const keyOf = (row: JobRow) => `${row.kind}/${row.id}`;

/** Takes a kind's first page afresh: its rows replace the ones that page covers (a job may have gone). */
export function takeFirstPage(feed: JobFeed, kind: JobKindName, page: JobListPage): void {
  const oldest = page.rows.at(-1)?.createdAt;
  for (const [key, row] of feed.rows) {
    if (row.kind === kind && (oldest === undefined || row.createdAt >= oldest || !feed.paged.has(kind))) feed.rows.delete(key);
  }
  for (const row of page.rows) feed.rows.set(keyOf(row), row);
  if (!feed.paged.has(kind)) setNext(feed, kind, page.next);
}

/** Adds a kind's older page, read from its `next`. */
export function takeOlderPage(feed: JobFeed, kind: JobKindName, page: JobListPage): void {
  for (const row of page.rows) feed.rows.set(keyOf(row), row);
  feed.paged.add(kind);
  setNext(feed, kind, page.next);
}

function setNext(feed: JobFeed, kind: JobKindName, next: string | undefined): void {
  if (next) feed.next[kind] = next;
  else delete feed.next[kind];
}

/** Whether any kind has older jobs to read. */
export function hasOlder(feed: JobFeed): boolean {
  return Object.keys(feed.next).length > 0;
}

/** The rows to show, newest first, down to the horizon. */
export function visibleRows(feed: JobFeed): JobRow[] {
  // Ties in time go by id, descending, as the list routes order them.
  const rows = [...feed.rows.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  let horizon = '';
  for (const kind of Object.keys(feed.next) as JobKindName[]) {
    let oldest: string | undefined;
    for (const row of rows) if (row.kind === kind) oldest = row.createdAt;
    if (oldest !== undefined && oldest > horizon) horizon = oldest;
  }
  return rows.filter((row) => row.createdAt >= horizon);
}

export { keyOf as jobRowKey };
