import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../src/settings/index.js';

// docs/self-hosting.md lists the settings table; this keeps the two in step.
const doc = await readFile(new URL('../../../../docs/self-hosting.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('### Environment and flags'), doc.indexOf('### `createTrawlApi(options)`'));
/** Variables named in the section's table rows (first cell). */
const documented = new Set(
  section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!)),
);

describe('docs/self-hosting.md', () => {
  it('lists every variable of the settings table', () => {
    const variables = Object.values(SETTINGS).flatMap((setting) => (setting.env ? [setting.env] : []));
    expect(variables.filter((variable) => !documented.has(variable))).toEqual([]);
  });

  it('lists no variable the table does not have', () => {
    const variables = new Set(Object.values(SETTINGS).map((setting) => setting.env));
    expect([...documented].filter((variable) => !variables.has(variable))).toEqual([]);
  });

  it('gives each flag beside its variable', () => {
    for (const setting of Object.values(SETTINGS)) {
      if (!setting.env || !setting.flag) continue;
      const row = section.split('\n').find((line) => line.startsWith(`| \`${setting.env}\``));
      expect(row, setting.env).toContain(`\`${setting.flag.match(/--[\w-]+/)![0]}\``);
    }
  });
});
