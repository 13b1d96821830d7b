/**
 * A monitor's schedule: a cron expression (5 fields, or 6 with seconds first) or a phrase
 * ("every 30 minutes", "hourly", "daily at 9:00"), normalised to cron as Firecrawl does, in a
 * timezone. The next due time comes from cron-parser. Pure.
 */
import { CronExpressionParser } from 'cron-parser';
import { TrawlError } from '../errors.js';

export interface MonitorSchedule {
  cron?: string;
  text?: string;
  timezone?: string;
}

/** What a stored monitor keeps: the cron it runs on, in its timezone, and the phrase it came from. */
export interface NormalizedSchedule {
  cron: string;
  timezone: string;
  text?: string;
}

const UNITS: Record<string, (n: number) => string> = {
  second: (n) => `*/${n} * * * * *`,
  minute: (n) => `0 */${n} * * * *`,
  hour: (n) => `0 0 */${n} * * *`,
  day: (n) => `0 0 0 */${n} * *`,
};

function invalid(message: string): TrawlError {
  return new TrawlError('INVALID_OPTIONS', `schedule: ${message}`);
}

/** The cron a phrase stands for, or undefined. */
function cronOfText(text: string): string | undefined {
  const phrase = text.trim().toLowerCase();
  const every = /^every\s+(\d+\s+)?(second|minute|hour|day)s?$/.exec(phrase);
  if (every) {
    const n = Number(every[1] ?? 1);
    const unit = every[2]!;
    const limits: Record<string, number> = { second: 59, minute: 59, hour: 23, day: 31 };
    if (n < 1 || n > limits[unit]!) return undefined;
    return n === 1 && unit !== 'second' ? UNITS[unit]!(1).replace('*/1', '*') : UNITS[unit]!(n);
  }
  if (phrase === 'hourly') return '0 0 * * * *';
  if (phrase === 'weekly') return '0 0 0 * * 1';
  const daily = /^(?:daily|every day)(?:\s+at\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?)?$/.exec(phrase);
  if (daily) {
    let hour = Number(daily[1] ?? 0);
    const minute = Number(daily[2] ?? 0);
    if (daily[3] === 'pm' && hour < 12) hour += 12;
    if (daily[3] === 'am' && hour === 12) hour = 0;
    if (hour > 23 || minute > 59) return undefined;
    return `0 ${minute} ${hour} * * *`;
  }
  return undefined;
}

/** Checks a schedule and gives the cron it runs on; a bad one is INVALID_OPTIONS naming the problem. */
export function normalizeSchedule(schedule: MonitorSchedule): NormalizedSchedule {
  const timezone = schedule.timezone ?? 'UTC';
  let cron = schedule.cron?.trim();
  if (!cron && schedule.text) {
    cron = cronOfText(schedule.text);
    if (!cron) throw invalid(`"${schedule.text}" is not a schedule Trawl reads (e.g. "every 30 minutes", "hourly", "daily at 9:00")`);
  }
  if (!cron) throw invalid('give a cron expression or a text such as "every 30 minutes"');
  const fields = cron.split(/\s+/).length;
  if (fields !== 5 && fields !== 6) throw invalid(`a cron expression has 5 fields (or 6 with seconds), not ${fields}`);
  try {
    CronExpressionParser.parse(cron, { tz: timezone }).next();
  } catch (error) {
    throw invalid(`"${cron}" in ${timezone} does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { cron, timezone, ...(schedule.text ? { text: schedule.text } : {}) };
}

/** The first due time strictly after `after` (epoch ms). */
export function nextRunAfter(schedule: NormalizedSchedule, after: number): number {
  return CronExpressionParser.parse(schedule.cron, { tz: schedule.timezone, currentDate: new Date(after) })
    .next()
    .getTime();
}
