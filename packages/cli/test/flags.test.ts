import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

// In this process: flags are checked before any command does its work.
const trawl = (...args: string[]) => runInProcess(args);

const URL = 'http://127.0.0.1:9/';

describe('numeric flags', () => {
  it.each([
    ['scrape', URL, '--timeout'],
    ['scrape', URL, '--wait-for'],
    ['crawl', URL, '--limit'],
    ['crawl', URL, '--max-depth'],
    ['crawl', URL, '--concurrency'],
    ['crawl', URL, '--delay'],
    ['map', URL, '--limit'],
    ['map', URL, '--timeout'],
    ['search', 'q', '--limit'],
    ['search', 'q', '--timeout'],
    ['extract', URL, '--limit'],
    ['extract', URL, '--timeout'],
    ['llmstxt', URL, '--max-urls'],
    ['worker', '--store', '--concurrency'],
    ['worker', '--store', '--lease-ms'],
    ['worker', '--store', '--retention-hours'],
  ])('trawl %s refuses %s %s abc as a usage error naming the flag', async (command, first, flag) => {
    const args = first === '--store' ? [command, '--store', 'memory', flag, 'abc'] : [command, first, flag, 'abc'];
    const result = await trawl(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(flag);
    expect(result.stderr).toContain('"abc"');
  });

  it.each([
    ['--timeout', '0'],
    ['--timeout', '1.5'],
    ['--timeout', '-3'],
    ['--wait-for', '-1'],
    ['--timeout', '12abc'],
  ])('refuses %s %s', async (flag, value) => {
    const result = await trawl('scrape', URL, flag, value);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`"${value}"`);
  });
});

describe('trawl convert', () => {
  it('says in its help that HTML needs --url, and says so when an HTML file comes without it', async () => {
    const help = await trawl('convert', '--help');
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      '-u, --url <url> the URL the file came from: links resolve against it (required for HTML)',
    );
    const file = join(mkdtempSync(join(tmpdir(), 'trawl-convert-')), 'page.html');
    writeFileSync(file, '<html><body><p>Hello</p></body></html>');
    const missing = await trawl('convert', file);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('page.html is not a document Trawl reads by itself');
    expect(missing.stderr).toContain('needs --url <url>');
  });
});
