/**
 * A monitor as the Store keeps it (MonitorRecord.spec) and as checks report: the 4.x SDK's
 * `Monitor`, `MonitorCheck` and `MonitorCheckPage` shapes, with each target's scrape options
 * already in core's terms.
 */
import type { GitDiff, FieldChanges } from '../memory/change-status.js';
import type { ChangeTrackingOptions } from '../memory/options.js';
import type { ScrapeOptionsInput } from '../options.js';
import type { NormalizedSchedule } from './schedule.js';

export interface MonitorWebhook {
  url: string;
  headers?: Record<string, string>;
  metadata?: Record<string, string>;
  /** `monitor.page`, `monitor.check.completed` (Firecrawl's names); all when absent. */
  events?: string[];
}

/** A target: known pages, or a site whose pages a map finds on each check. */
export type MonitorTargetSpec =
  | { id: string; type: 'scrape'; urls: string[]; request: Record<string, unknown> }
  | { id: string; type: 'crawl'; url: string; limit: number; includeSubdomains?: boolean; request: Record<string, unknown> };

export interface MonitorSpec {
  name: string;
  status: 'active' | 'paused';
  schedule: NormalizedSchedule;
  targets: MonitorTargetSpec[];
  /** Each target's scrape options in core's terms, by target id (`engine` in monitors stored before the rename). */
  scrapeOptions: Record<string, ScrapeOptionsInput>;
  /** What each target's pages compare (modes, schema or prompt), by target id; the tag is the monitor's own. */
  changeTracking: Record<string, ChangeTrackingOptions>;
  webhook?: MonitorWebhook | null;
  retentionDays: number;
  goal?: string | null;
  judgeEnabled?: boolean;
}

export type MonitorPageStatus = 'same' | 'new' | 'changed' | 'removed' | 'error';

export interface MonitorSummary {
  totalPages: number;
  same: number;
  changed: number;
  new: number;
  removed: number;
  error: number;
}

export interface MonitorCheckPage {
  id: string;
  targetId: string;
  url: string;
  status: MonitorPageStatus;
  previousScrapeId: string | null;
  currentScrapeId: string | null;
  statusCode: number | null;
  error: string | null;
  metadata?: unknown;
  diff: { text?: string; json?: GitDiff['json'] | FieldChanges } | null;
  snapshot: { json?: Record<string, unknown> } | null;
  judgment: null;
  createdAt: string;
}

export interface MonitorCheck {
  id: string;
  monitorId: string;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'partial';
  trigger: 'scheduled' | 'manual';
  scheduledFor: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  estimatedCredits: number | null;
  reservedCredits: number | null;
  actualCredits: number | null;
  billingStatus: 'not_applicable' | 'confirmed';
  summary: MonitorSummary;
  targetResults: Array<{ targetId: string; type: 'scrape' | 'crawl' }>;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a check record holds: the check and its pages. */
export interface MonitorCheckBody {
  check: MonitorCheck;
  pages: MonitorCheckPage[];
}

/** What a monitor's state holds between checks. */
export interface MonitorState {
  lastRunAt?: string;
  currentCheckId?: string | null;
  lastCheckSummary?: MonitorSummary;
}

export function emptySummary(): MonitorSummary {
  return { totalPages: 0, same: 0, changed: 0, new: 0, removed: 0, error: 0 };
}

/** The change-tracking tag of a monitor's target: each monitor keeps its own history. */
export function monitorTag(monitorId: string, targetId: string): string {
  return `monitor:${monitorId}:${targetId}`;
}
