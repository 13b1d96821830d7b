/**
 * A crawl's or batch's status and pages as Markdown, within a character budget: pages are shown
 * whole while they fit, and the note names the `skip` that reads on. Pure.
 */
import { cutText } from './cut.js';
import { renderDocument, type V2DocumentView } from './document.js';

export interface JobStatusAnswer {
  status?: string;
  completed?: number;
  total?: number;
  creditsUsed?: number;
  expiresAt?: string;
  next?: string;
  data?: V2DocumentView[];
  warning?: string;
}

/** The job's errors report (`GET …/{id}/errors`). */
export interface JobFailures {
  errors?: Array<{ url: string; error: string; code?: string }>;
  robotsBlocked?: string[];
}

/** Failures listed at most: enough to see why, never a flood. */
const MAX_FAILURES_SHOWN = 20;

export interface JobPage {
  markdown: string;
  /** The skip of the next unread page, or undefined when every page was shown. */
  nextSkip: number | undefined;
}

export function renderJobStatus(
  kind: 'crawl' | 'batch scrape',
  id: string,
  answer: JobStatusAnswer,
  options: { skip: number; maxChars: number; statusTool: string; failures?: JobFailures },
): JobPage {
  const { skip, maxChars, statusTool } = options;
  const documents = answer.data ?? [];
  const head = [
    `# ${kind === 'crawl' ? 'Crawl' : 'Batch scrape'} ${id}: ${answer.status ?? 'unknown'}`,
    `${answer.completed ?? 0} of ${answer.total ?? 0} page(s) done` +
      (answer.creditsUsed !== undefined ? ` · ${answer.creditsUsed} credit(s) used` : '') +
      (answer.expiresAt ? ` · results kept until ${answer.expiresAt}` : ''),
    ...(answer.warning ? [`> Warning: ${answer.warning}`] : []),
    ...(options.failures ? [renderFailures(options.failures)].filter(Boolean) : []),
  ].join('\n\n');
  let budget = maxChars - head.length;
  const shown: string[] = [];
  for (const document of documents) {
    const text = renderDocument(document, 2);
    if (text.length > budget) {
      // A page larger than the whole budget is cut rather than never shown.
      if (shown.length === 0)
        shown.push(`${cutText(text, 0, Math.max(budget, 1_000)).text}\n\n_(this page is cut; scrape its URL for all of it)_`);
      break;
    }
    shown.push(text);
    budget -= text.length + 2;
  }
  const more = shown.length < documents.length || answer.next !== undefined;
  const nextSkip = more ? skip + shown.length : undefined;
  const range = shown.length ? `Pages ${skip + 1}–${skip + shown.length}` : 'No pages';
  const running = answer.status === 'scraping';
  const note =
    nextSkip !== undefined
      ? `_${range} shown. To read on, call ${statusTool} with {"id": "${id}", "skip": ${nextSkip}}._`
      : running
        ? `_${range} shown so far; the ${kind} is still running: call ${statusTool} with {"id": "${id}"${shown.length ? `, "skip": ${skip + shown.length}` : ''}} later for the rest._`
        : `_${range} shown (all of them)._`;
  return { markdown: [head, ...shown, `---\n${note}`].join('\n\n'), nextSkip };
}

/** Why pages failed: each URL with its error code and message, robots-blocked URLs counted. */
export function renderFailures(failures: JobFailures): string {
  const errors = failures.errors ?? [];
  const blocked = failures.robotsBlocked ?? [];
  if (!errors.length && !blocked.length) return '';
  const lines = errors.slice(0, MAX_FAILURES_SHOWN).map((entry) => `- ${entry.url}: ${entry.code ? `${entry.code} ` : ''}${entry.error}`);
  if (errors.length > MAX_FAILURES_SHOWN) lines.push(`- …and ${errors.length - MAX_FAILURES_SHOWN} more`);
  if (blocked.length) lines.push(`- ${blocked.length} URL(s) skipped: robots.txt disallows them`);
  return `## Pages that failed\n\n${lines.join('\n')}`;
}
