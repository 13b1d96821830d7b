import { isTrawlError, TrawlError } from '../errors.js';
import type { BlockVerdict } from './classify.js';
import type { BlockKind } from './markers.js';

/** A step of the escalation ladder: plain HTTP, the browser, the browser through the stealth proxy. */
export type LadderRung = 'http' | 'browser' | 'stealth';

/** What a block page was and what was tried to get past it. */
export interface BlockPageReport extends BlockVerdict {
  /** The ladder's rungs the page was loaded on, in order. */
  tried: LadderRung[];
}

/** Kinds that say the URL holds no page at all, rather than that the site keeps it from the scraper. */
const NO_PAGE_KINDS: ReadonlySet<BlockKind> = new Set(['soft-404', 'parked']);

const KIND_NAMES: Record<BlockKind, string> = {
  challenge: 'an anti-bot challenge',
  captcha: 'a captcha',
  'access-denied': 'an access-denied page',
  'rate-limit': 'a rate-limit page',
  'consent-wall': 'a consent wall',
  'login-wall': 'a login wall',
  'soft-404': 'a "page not found" page with a success status (a soft 404)',
  parked: 'a parked-domain page',
  'app-shell': 'an unrendered JavaScript app',
};

const RUNG_NAMES: Record<LadderRung, string> = {
  http: 'HTTP',
  browser: 'the browser',
  stealth: 'the browser through the stealth proxy',
};

/**
 * A scrape that met a block page and could not get past it: SCRAPE_BLOCKED_BY_SITE (403), or
 * SCRAPE_PAGE_NOT_FOUND (404) for a soft 404 or a parked domain. `blockPage` says what the page
 * was, whose, the markers found and the rungs tried. Never charged: the work failed.
 */
export class BlockPageError extends TrawlError {
  readonly blockPage: BlockPageReport;

  constructor(url: string, report: BlockPageReport, hint: string | undefined) {
    const code = NO_PAGE_KINDS.has(report.kind) ? 'SCRAPE_PAGE_NOT_FOUND' : 'SCRAPE_BLOCKED_BY_SITE';
    super(code, blockPageMessage(url, report, hint));
    this.blockPage = report;
  }
}

export function isBlockPageError(error: unknown): error is BlockPageError {
  return isTrawlError(error) && 'blockPage' in error;
}

function blockPageMessage(url: string, report: BlockPageReport, hint: string | undefined): string {
  const vendor = report.vendor === 'generic' ? '' : ` (${report.vendor})`;
  const tried = report.tried.map((rung) => RUNG_NAMES[rung]).join(', then ');
  const evidence = report.evidence.length ? `; found ${report.evidence.join(', ')}` : '';
  return `${url} answered with ${KIND_NAMES[report.kind]}${vendor} instead of the page${evidence}. Tried: ${tried}.${hint ? ` ${hint}` : ''}`;
}

/** How the kind reads in a warning: "a consent wall (onetrust)". */
export function describeBlockPage(verdict: BlockVerdict): string {
  return `${KIND_NAMES[verdict.kind]}${verdict.vendor === 'generic' ? '' : ` (${verdict.vendor})`}`;
}
