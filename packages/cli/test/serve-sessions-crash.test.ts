import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe } from './serve-process.js';

/**
 * A `trawl serve` killed with browser sessions open leaves no Chromium behind: Chromium runs on a
 * pipe from the server and exits when the pipe closes, so a crash reaps its sessions' pages too.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trawl-sessions-crash-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Processes whose parent is `pid`, and theirs (read from /proc). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    found.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

describe('trawl serve killed with sessions open', { timeout: 90_000 }, () => {
  it('takes its Chromium with it', async () => {
    const { ready, exited } = spawnServe([], {
      cwd: dir,
      env: { TRAWL_STORE: 'memory', TRAWL_CHROMIUM_PATH: '/usr/bin/chromium' },
    });
    const server = await ready;
    for (let i = 0; i < 2; i++) {
      const created = await fetch(`${server.url}/v2/browser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(created.status).toBe(200);
    }
    const chromium = descendants(server.child.pid!);
    expect(chromium.length).toBeGreaterThan(0);
    server.child.kill('SIGKILL');
    await exited;
    await waitFor('Chromium to exit after the server', async () => (chromium.some(alive) ? undefined : true), 20_000);
    expect(chromium.filter(alive)).toEqual([]);
  });
});
