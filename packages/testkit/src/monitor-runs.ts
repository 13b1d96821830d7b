/**
 * What the monitor crash tests (SQLite server killed, Redis worker killed) check of a run: a
 * monitor checked every second through the API, paused at the end, and how its scheduled checks
 * and their webhooks came out. Plain data in and out, so each test states its own assertions.
 */

/** A stored check's body as the API keeps it (`MonitorCheckBody`, only the fields read here). */
export interface CheckOutcome {
  check: { id: string; trigger: string; scheduledFor: string | null; status: string };
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
  /** Check ids the webhook receiver got, one entry per delivery. */
  delivered: string[];
  /** Whether every delivery names a scheduled check. */
  deliveredOnlyScheduled: boolean;
  /** How many scheduled checks there were. */
  scheduled: number;
}

/** The scheduled checks among `bodies` and the deliveries (`ids` of the webhook bodies), summed up. */
export function summarizeScheduledRun(bodies: CheckOutcome[], deliveredIds: string[]): ScheduledRunSummary {
  const scheduled = bodies.filter((body) => body.check.trigger === 'scheduled');
  const checkIds = new Set(scheduled.map((body) => body.check.id));
  return {
    dueTimes: scheduled.map((body) => body.check.scheduledFor),
    allCompleted: scheduled.every((body) => body.check.status === 'completed'),
    delivered: deliveredIds,
    deliveredOnlyScheduled: deliveredIds.every((id) => checkIds.has(id)),
    scheduled: scheduled.length,
  };
}
