/**
 * Compares a scrape with the one before it: pure, no I/O. What `changeTracking` reports, in
 * Firecrawl's shape (the 4.x SDK's `Document.changeTracking`, and its monitors' page diffs).
 */
import { createTwoFilesPatch } from 'diff';
import parseDiff from 'parse-diff';
import { comparableText, comparableValue } from './noise.js';

export type ChangeStatus = 'new' | 'same' | 'changed' | 'removed';

export interface GitDiff {
  /** A unified diff of the Markdown (git's format). */
  text: string;
  /** The same diff parsed (parse-diff's AST): files → chunks → changes. */
  json: { files: parseDiff.File[] };
}

export type FieldChanges = Record<string, { previous: unknown; current: unknown }>;

export interface ChangeTrackingResult {
  /** ISO time of the scrape compared with, or null for a first scrape. */
  previousScrapeAt: string | null;
  changeStatus: ChangeStatus;
  /** `visible`: the page was reached (given, linked or in a sitemap). */
  visibility: 'visible' | 'hidden';
  diff?: GitDiff;
  json?: FieldChanges;
}

/** Pages that are gone: their history reports `removed`. */
export function isRemovedStatus(statusCode: number): boolean {
  return statusCode === 404 || statusCode === 410;
}

/** A unified diff of `before` → `after` and its parsed form; null when the texts are equal. */
export function gitDiff(before: string, after: string): GitDiff | null {
  if (before === after) return null;
  const text = createTwoFilesPatch('previous', 'current', before, after, undefined, undefined, { context: 3 });
  // jsdiff writes an "Index:"-less, "===" header; git's own header lines are what parse-diff expects.
  const gitText = `diff --git a/previous b/current\n${text.slice(text.indexOf('--- '))}`;
  return { text: gitText, json: { files: parseDiff(gitText) } };
}

/** Fields whose comparable values differ, with both values as extracted. */
export function fieldChanges(previous: Record<string, unknown>, current: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of new Set([...Object.keys(previous), ...Object.keys(current)])) {
    const before = previous[field] ?? null;
    const after = current[field] ?? null;
    if (JSON.stringify(comparableValue(before)) !== JSON.stringify(comparableValue(after)))
      changes[field] = { previous: before, current: after };
  }
  return changes;
}

/** Whether two tracked texts differ once noise is taken out. */
export function textChanged(before: string, after: string): boolean {
  return comparableText(before) !== comparableText(after);
}
