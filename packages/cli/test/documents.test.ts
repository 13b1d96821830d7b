import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brokenDocumentFixtures, documentContent as c, documentFixtures, type FixtureSite, startFixtureSite } from '@trawl/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/** The real `trawl` binary on documents: `convert` of files and standard input, `scrape` of a PDF URL. */
let site: FixtureSite;
let dir: string;
beforeAll(async () => {
  site = await startFixtureSite();
  dir = await mkdtemp(join(tmpdir(), 'trawl-documents-'));
});
afterAll(async () => {
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('trawl convert <document>', () => {
  it.each(Object.entries(documentFixtures))('prints the Markdown of the %s report', async (format, fixture) => {
    const file = join(dir, `report.${format}`);
    await writeFile(file, fixture.bytes());
    const result = await runCli(['convert', file]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(['csv', 'xlsx', 'ods'].includes(format) ? '| Anchor | 12.50 | 3' : c.heading);
  });

  it('reads a PDF from standard input, and prints the whole Document with --json', async () => {
    const result = await runCli(['convert', '-', '--json'], { input: documentFixtures.pdf.bytes() });
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.markdown).toMatch(new RegExp(`^# ${c.title}`));
    expect(doc.metadata).toMatchObject({ numPages: 2, title: c.title, author: c.author, sourceFile: 'stdin' });
  });

  it('fails on an encrypted PDF with its code and a clear message', async () => {
    const file = join(dir, 'secret.pdf');
    await writeFile(file, brokenDocumentFixtures.encryptedPdf.bytes());
    const result = await runCli(['convert', file]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('error [DOCUMENT_UNREADABLE]: secret.pdf cannot be read: it is encrypted with a password');
  });
});

describe('trawl scrape <PDF URL>', () => {
  it('prints the PDF as Markdown', async () => {
    const result = await runCli(['scrape', `${site.url}${documentFixtures.pdf.path}`]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Read [${c.link.text}](${c.link.href}) for more.`);
    expect(result.stdout).toMatch(new RegExp(`^## ${c.secondHeading}$`, 'm'));
  });
});
