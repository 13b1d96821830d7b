import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { phrases, startFixtureSite, type FixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The README's command lines, run as a reader copies them: `pnpm trawl scrape URL > page.md` once
 * wrote pnpm's own `> trawl-workspace@ trawl …` lines into page.md, so every example must keep
 * stdout to the command's output.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');
const commandBlock = readme.match(/## Command line\n\n```sh\n([\s\S]*?)```/)![1]!;
const commands = commandBlock
  .split('\n')
  .map((line) => line.replace(/\s+#.*$/, '').trim())
  .filter(Boolean);

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site?.close());

describe("the README's command line examples", { timeout: 90_000 }, () => {
  it('call pnpm silently, so redirecting stdout keeps only what trawl prints', () => {
    const throughPnpm = commands.filter((command) => command.startsWith('pnpm '));
    expect(throughPnpm.length).toBeGreaterThan(5);
    for (const command of throughPnpm) expect(command, command).toMatch(/^pnpm (-s|--silent) trawl /);
  });

  it('the scrape example, run through pnpm from the checkout, prints the Markdown and nothing else', async () => {
    const scrape = commands.find((command) => / trawl scrape \S+$/.test(command))!;
    const [pnpm, ...args] = scrape.replace('https://example.com/', `${site.url}/articles/minimal`).split(' ');
    const { stdout } = await promisify(execFile)(pnpm!, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    expect(stdout).toBe(`${phrases.minimal}\n`);
  });
});
