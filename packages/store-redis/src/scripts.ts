import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { CREATE_JOB, DELETE_JOB, INCREMENT_JOB, SAVE_OUTPUT, SET_STATUS } from './lua/job-scripts.js';
import {
  CLAIM_MONITORS,
  CREATE_MONITOR,
  DELETE_MONITOR,
  FINISH_MONITOR_RUN,
  SAVE_MONITOR_CHECK,
  SWEEP_MONITOR_CHECKS,
  UPDATE_MONITOR,
} from './lua/monitor-scripts.js';
import { type OnceReplay, onceByRequestId } from './lua/once.js';
import { REMEMBER_PAGE } from './lua/page-scripts.js';
import { ACCEPT, ADDED, FREE_PLACE, LEASE_PREP, RETIRE } from './lua/queue-scripts.js';
import { APPEND, READ } from './lua/result-scripts.js';
import { ADD_USAGE, HIT, RECLAIM, RESERVE, SETTLE } from './lua/team-scripts.js';

const SOURCES = {
  createJob: CREATE_JOB,
  setStatus: SET_STATUS,
  incrementJob: INCREMENT_JOB,
  saveOutput: SAVE_OUTPUT,
  deleteJob: DELETE_JOB,
  accept: ACCEPT,
  freePlace: FREE_PLACE,
  added: ADDED,
  leasePrep: LEASE_PREP,
  retire: RETIRE,
  appendResults: APPEND,
  readResults: READ,
  reserve: RESERVE,
  settle: SETTLE,
  reclaim: RECLAIM,
  addUsage: ADD_USAGE,
  hit: HIT,
  rememberPage: REMEMBER_PAGE,
  createMonitor: CREATE_MONITOR,
  updateMonitor: UPDATE_MONITOR,
  deleteMonitor: DELETE_MONITOR,
  claimMonitors: CLAIM_MONITORS,
  finishMonitorRun: FINISH_MONITOR_RUN,
  saveMonitorCheck: SAVE_MONITOR_CHECK,
  sweepMonitorChecks: SWEEP_MONITOR_CHECKS,
} as const;

export type ScriptName = keyof typeof SOURCES;

/**
 * The scripts a second run would change or answer differently (a job created twice reports its id
 * taken, a counter adds twice, a claim answers empty), run once per call however often ioredis
 * sends them (lua/once.ts). The others are idempotent (a set of the same values, a removal) or
 * once per an id of their own (a hold, a usage row, a page's count).
 */
const ONCE: Partial<Record<ScriptName, OnceReplay>> = {
  createJob: 'job-record',
  setStatus: 'job-record',
  incrementJob: 'job-record',
  deleteJob: 'reply',
  accept: 'reply',
  freePlace: 'reply',
  appendResults: 'reply',
  hit: 'reply',
  claimMonitors: 'reply',
};
export type Scripts = Record<ScriptName, (...args: Array<string | number>) => Promise<unknown>>;

/**
 * Registers every script on the connection (ioredis sends EVALSHA, and the source once when
 * Redis does not know it yet). Scripts take no KEYS: each builds its keys from the prefix.
 */
export function defineScripts(redis: Redis): Scripts {
  const scripts = {} as Scripts;
  for (const [name, body] of Object.entries(SOURCES) as Array<[ScriptName, string]>) {
    const command = `trawl_${name}`;
    const replay = ONCE[name];
    redis.defineCommand(command, { numberOfKeys: 0, lua: replay ? onceByRequestId(body, replay) : body });
    const method = (redis as unknown as Record<string, (...args: Array<string | number>) => Promise<unknown>>)[command]!;
    scripts[name] = replay ? (...args) => method.apply(redis, [...args, randomUUID()]) : (...args) => method.apply(redis, args);
  }
  return scripts;
}
