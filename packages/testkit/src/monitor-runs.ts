/**
 * What the monitor crash tests (SQLite server killed, Redis worker killed) check of a run: a
 * monitor checked every second through the API, paused at the end, and how its scheduled checks
 * and their webhooks came out. Plain data in and out, so each test states its own assertions.
 */

/** A stored check's body as the API keeps it (`MonitorCheckBody`, only the fields read here). */
export interface CheckOutcome {
  check: { id: string; trigger: string; scheduledFor: string | null; status: string; finishedAt: string | null };
}

/** One webhook delivery as the receiver got it: the check it reports (`id`) and its event id (`webhookId`). */
export interface Delivery {
  checkId: string;
  eventId: string;
}

/** Creates a monitor that scrapes `pageUrl` every second and posts `monitor.check.completed` to `hookUrl`; its id. */
export async function createEverySecondMonitor(api: string, name: string, pageUrl: string, hookUrl: string): Promise<string> {
  const response = await fetch(`${api}/v2/monitor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      schedule: { cron: '* * * * * *' },
      targets: [{ type: 'scrape', urls: [pageUrl] }],
      webhook: { url: hookUrl, events: ['monitor.check.completed'] },
    }),
  });
  const created = (await response.json()) as { data: { id: string } };
  return created.data.id;
}

/** Pauses the monitor, then gives a check already under way time to finish. */
export async function pauseMonitor(api: string, monitorId: string): Promise<void> {
  await fetch(`${api}/v2/monitor/${monitorId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'paused' }),
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

export interface ScheduledRunSummary {
  /** Due times of the scheduled checks, one entry per check. */
  dueTimes: (string | null)[];
  /** Whether every scheduled check completed. */
  allCompleted: boolean;
  /** Whether every delivery names a scheduled check. */
  deliveredOnlyScheduled: boolean;
  /** Whether each event id always came with the same check (a repeat is the same event). */
  eventIdsStable: boolean;
  /** How many scheduled checks there were, and how many of them the store committed. */
  scheduled: number;
  committed: number;
  /** Committed checks whose event never arrived. */
  missing: string[];
  /** Deliveries of an event id that had arrived before (at-least-once repeats). */
  repeats: number;
}

/**
 * The scheduled checks among `bodies` and the deliveries, summed up. A check is committed when the
 * store accepted its finishRun: the monitor's `lastRunAt` (its state, written by that same write)
 * is at or after the check's end. A check the pause cut (finished, refused because the monitor was
 * paused meanwhile) is saved but not committed, and reports nothing.
 */
export function summarizeScheduledRun(bodies: CheckOutcome[], deliveries: Delivery[], lastRunAt: string | undefined): ScheduledRunSummary {
  const scheduled = bodies.filter((body) => body.check.trigger === 'scheduled');
  const checkIds = new Set(scheduled.map((body) => body.check.id));
  const committedUntil = lastRunAt ? Date.parse(lastRunAt) : Number.NEGATIVE_INFINITY;
  const committed = scheduled.filter((body) => body.check.finishedAt !== null && Date.parse(body.check.finishedAt) <= committedUntil);
  const delivered = new Set(deliveries.map((delivery) => delivery.checkId));
  const checkOfEvent = new Map<string, string>();
  let eventIdsStable = true;
  for (const { checkId, eventId } of deliveries) {
    if ((checkOfEvent.get(eventId) ?? checkId) !== checkId) eventIdsStable = false;
    checkOfEvent.set(eventId, checkId);
  }
  return {
    dueTimes: scheduled.map((body) => body.check.scheduledFor),
    allCompleted: scheduled.every((body) => body.check.status === 'completed'),
    deliveredOnlyScheduled: deliveries.every((delivery) => checkIds.has(delivery.checkId)),
    eventIdsStable,
    scheduled: scheduled.length,
    committed: committed.length,
    missing: committed.filter((body) => !delivered.has(body.check.id)).map((body) => body.check.id),
    repeats: deliveries.length - checkOfEvent.size,
  };
}

/**
 * What a monitor run that survived crashes got wrong, in words (none when it held): a due time
 * checked twice, a check not completed, fewer committed checks than scheduled (less the one a
 * pause may cut), a committed check never reported, an event id reused for another check, a
 * delivery of no scheduled check. The crash tests of every store assert this is empty.
 */
export function scheduledRunFaults(run: ScheduledRunSummary): string[] {
  const faults: string[] = [];
  if (new Set(run.dueTimes).size !== run.dueTimes.length) faults.push('a due time was checked twice');
  if (!run.allCompleted) faults.push('a scheduled check did not complete');
  if (run.committed < run.scheduled - 1) faults.push(`only ${run.committed} of ${run.scheduled} scheduled checks were committed`);
  if (run.missing.length) faults.push(`committed checks never reported: ${run.missing.join(', ')}`);
  if (!run.eventIdsStable) faults.push('an event id came with two different checks');
  if (!run.deliveredOnlyScheduled) faults.push('a delivery reported no scheduled check');
  return faults;
}

/** What the receiver's requests say: the check each reports and its event id. */
export function deliveriesOf(requests: ReadonlyArray<{ json: Record<string, unknown> }>): Delivery[] {
  return requests.map((request) => ({ checkId: request.json.id as string, eventId: request.json.webhookId as string }));
}
