import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changingPageHtml, INITIAL_CHANGING_PAGE, type ChangingPage, type FixtureSite, startFixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/** `trawl monitor add|list|run|checks` on a SQLite store, as a user runs them. */
const pages = new Map<string, ChangingPage>();
const dir = mkdtempSync(join(tmpdir(), 'trawl-monitor-cli-'));
const store = ['--store', `sqlite:${join(dir, 'trawl.db')}`];
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ changingPages: pages });
});
afterAll(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('trawl monitor', () => {
  it('adds a monitor, lists it, runs checks that see a change, and lists and shows the checks', async () => {
    pages.set('/changing/cli', { status: 200, html: changingPageHtml(INITIAL_CHANGING_PAGE) });
    const added = await runCli(['monitor', 'add', `${site.url}/changing/cli`, '--name', 'cli kettle', '--every', '30 minutes', ...store]);
    expect(added.code, added.stderr).toBe(0);
    const id = added.stdout.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(added.stderr).toMatch(/0 \*\/30 \* \* \* \*/);

    const listed = await runCli(['monitor', 'list', ...store]);
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).toContain('cli kettle');
    expect(listed.stdout).toContain('not checked yet');

    const first = await runCli(['monitor', 'run', id, ...store]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/completed: 1 pages, 0 same, 0 changed, 1 new/);

    pages.set('/changing/cli', { status: 200, html: changingPageHtml({ ...INITIAL_CHANGING_PAGE, price: '$12.00' }) });
    const second = await runCli(['monitor', 'run', id, ...store]);
    expect(second.stdout).toMatch(/1 changed/);
    expect(second.stdout).toContain('+Price: **$12.00**');

    const checks = await runCli(['monitor', 'checks', id, ...store]);
    const lines = checks.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/manual\tcompleted\t.*1 changed/);
    const checkId = lines[0]!.split('\t')[0]!;
    const shown = await runCli(['monitor', 'checks', id, '--check', checkId, ...store]);
    expect(shown.stdout).toMatch(/^changed\t/m);

    const unknown = await runCli(['monitor', 'run', 'nope', ...store]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/No monitor nope/);
  }, 60_000);
});
