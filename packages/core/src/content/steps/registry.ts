import { TrawlError } from '../../errors.js';
import { BEFORE_READINGS } from './before-readings.js';
import { CONTENT_STEPS } from './content-steps.js';
import { ARTICLE_CLEANUP, REGION_CLEANUP } from './reading-cleanup.js';
import type { ContentStep } from './step.js';

/**
 * Every step of main-content extraction, in the order they run (phase by phase; within a phase,
 * in this order). A new rule is a new value in its phase's list; docs/content.md lists them all
 * (a test checks it does).
 */
export const CONTENT_STEP_REGISTRY: readonly ContentStep[] = [...BEFORE_READINGS, ...ARTICLE_CLEANUP, ...REGION_CLEANUP, ...CONTENT_STEPS];

/** The step names, for `--without` and the docs. */
export function contentStepNames(): string[] {
  return CONTENT_STEP_REGISTRY.map((step) => step.name);
}

/** At most this many steps can be disabled at once (there are fewer steps than this). */
const MAX_DISABLED_STEPS = 100;

/** The named steps as a set to skip; an unknown name is an INVALID_OPTIONS error naming it. */
export function disabledSteps(names: readonly string[]): ReadonlySet<string> {
  if (names.length > MAX_DISABLED_STEPS)
    throw new TrawlError('INVALID_OPTIONS', `At most ${MAX_DISABLED_STEPS} content steps can be disabled.`);
  const known = new Set(contentStepNames());
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new TrawlError(
      'INVALID_OPTIONS',
      `Unknown content step ${unknown.map((name) => JSON.stringify(name)).join(', ')}: see docs/content.md for the list.`,
    );
  }
  return new Set(names);
}
