import type { MonitorEventRecord, MonitorRecord, Store } from '../ports/store.js';
import type { MonitorCheckBody } from './monitor-spec.js';

/**
 * How a finished check reports (its webhooks), at least once: `eventsOf` gives its events, which
 * the store writes to its outbox in the same atomic write that commits the check (finishRun for a
 * due time, update for a manual run); then `deliver` sends them and what else the outbox holds.
 * A process killed between the commit and the delivery leaves them pending for the next deliver.
 */
export interface MonitorReporting {
  /** The events of a finished check, each with a stable id (the same check gives the same ids). */
  eventsOf?: (monitor: MonitorRecord, body: MonitorCheckBody) => MonitorEventRecord[];
  /**
   * Sends `committed` (the events just committed) and the outbox's pending events; without
   * `committed` (a worker starting), every pending event. Deletes each once delivered.
   */
  deliver?: (store: Store, committed?: readonly MonitorEventRecord[]) => Promise<void>;
}
