import { randomUUID } from 'node:crypto';
import { createRuntime } from '@trawl/core';
import { type MonitorCheckBody, nextRunAfter, runMonitorNow, typedTargetUrl } from '@trawl/core/server';
import type { MonitorRecord, Store } from '@trawl/core/ports';
import { type Env, readSettings } from '@trawl/core/settings';
import { createMonitorBodySchema, monitorSpecOf, monitorView } from '@trawl/http';
import type { MonitorAddFlags, MonitorChecksFlags, MonitorStoreFlags } from '../commands/monitor.js';
import { type CliIO, writeLine } from '../io.js';
import { openStore } from '../open-store.js';

const teamOf = (flags: MonitorStoreFlags) => flags.team ?? 'local';

async function withStore<T>(flags: MonitorStoreFlags, env: Env, work: (store: Store) => Promise<T>): Promise<T> {
  const { store: url } = readSettings(['store'], env, flags.store ? { store: flags.store } : {});
  const store = await openStore(url);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

async function teamMonitor(store: Store, id: string, flags: MonitorStoreFlags): Promise<MonitorRecord> {
  const monitor = await store.monitors.get(id);
  if (!monitor || monitor.teamId !== teamOf(flags)) throw new Error(`No monitor ${id} in this store for team ${teamOf(flags)}`);
  return monitor;
}

/** `--every "30 minutes"` as the schedule phrase core reads ("every 30 minutes", "hourly" as is). */
function scheduleOf(flags: MonitorAddFlags) {
  const timezone = flags.tz ? { timezone: flags.tz } : {};
  if (flags.cron) return { cron: flags.cron, ...timezone };
  const every = flags.every ?? 'hourly';
  const text = /^(hourly|weekly|daily.*|every .*)$/i.test(every) ? every : `every ${every}`;
  return { text, ...timezone };
}

export async function monitorAddAction(urls: string[], flags: MonitorAddFlags, env: Env, io: CliIO): Promise<void> {
  const targets = urls.map(typedTargetUrl);
  const body = createMonitorBodySchema.parse({
    name: flags.name ?? targets[0],
    schedule: scheduleOf(flags),
    targets: flags.crawl
      ? targets.map((url) => ({ type: 'crawl', url, ...(flags.limit ? { crawlOptions: { limit: flags.limit } } : {}) }))
      : [{ type: 'scrape', urls: targets }],
    ...(flags.webhook ? { webhook: { url: flags.webhook } } : {}),
  });
  const spec = monitorSpecOf(body);
  await withStore(flags, env, async (store) => {
    const now = Date.now();
    const record = await store.monitors.create({
      id: randomUUID(),
      teamId: teamOf(flags),
      createdAt: now,
      spec,
      nextRunAt: nextRunAfter(spec.schedule, now),
    });
    writeLine(io.stdout, record!.id);
    writeLine(
      io.stderr,
      `monitor "${spec.name}" on ${spec.schedule.cron} (${spec.schedule.timezone}), next check ${new Date(record!.nextRunAt!).toISOString()}; trawl serve or trawl worker on this store runs it`,
    );
  });
}

export async function monitorListAction(flags: MonitorStoreFlags, env: Env, io: CliIO): Promise<void> {
  await withStore(flags, env, async (store) => {
    for (let offset = 0; ; offset += 100) {
      const monitors = await store.monitors.list(teamOf(flags), { offset, limit: 100 });
      for (const monitor of monitors) {
        const view = monitorView(monitor);
        const last = view.lastCheckSummary;
        const summary = last
          ? `last: ${last.totalPages} pages, ${last.changed} changed, ${last.new} new, ${last.removed} removed, ${last.error} errors`
          : 'not checked yet';
        writeLine(io.stdout, `${view.id}\t${view.status}\t${view.schedule.cron}\tnext ${view.nextRunAt ?? '-'}\t${view.name}\t${summary}`);
      }
      if (monitors.length < 100) break;
    }
  });
}

function printCheck(io: CliIO, body: MonitorCheckBody): void {
  const { check, pages } = body;
  const s = check.summary;
  writeLine(
    io.stdout,
    `check ${check.id} (${check.trigger}) ${check.status}: ${s.totalPages} pages, ${s.same} same, ${s.changed} changed, ${s.new} new, ${s.removed} removed, ${s.error} errors`,
  );
  for (const page of pages) {
    writeLine(io.stdout, `${page.status}\t${page.url}${page.error ? `\t${page.error}` : ''}`);
    if (page.diff?.text) writeLine(io.stdout, page.diff.text);
  }
}

export async function monitorRunAction(id: string, flags: MonitorStoreFlags, env: Env, io: CliIO): Promise<void> {
  // The check's pages load over HTTP in this process; the runtime owns the pools they leave open.
  const runtime = createRuntime({}, { owns: ['sharedPools'] });
  try {
    await withStore(flags, env, async (store) => {
      const monitor = await teamMonitor(store, id, flags);
      const run = await runMonitorNow({ store, runtime }, monitor);
      const body = await run.done;
      if (!body) throw new Error(`the check of monitor ${id} failed`);
      printCheck(io, body);
    });
  } finally {
    await runtime.close();
  }
}

export async function monitorChecksAction(id: string, flags: MonitorChecksFlags, env: Env, io: CliIO): Promise<void> {
  await withStore(flags, env, async (store) => {
    await teamMonitor(store, id, flags);
    if (flags.check) {
      const record = await store.monitors.getCheck(id, flags.check);
      if (!record) throw new Error(`No check ${flags.check} of monitor ${id}`);
      printCheck(io, record.check as MonitorCheckBody);
      return;
    }
    for (const record of await store.monitors.listChecks(id, { offset: 0, limit: 100 })) {
      const { check } = record.check as MonitorCheckBody;
      const s = check.summary;
      writeLine(
        io.stdout,
        `${check.id}\t${check.trigger}\t${check.status}\t${check.startedAt}\t${s.totalPages} pages, ${s.changed} changed, ${s.new} new, ${s.removed} removed, ${s.error} errors`,
      );
    }
  });
}
