import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STORE = join(ROOT, 'node_modules', '.pnpm');

/** The names listed under `key:` in pnpm-workspace.yaml (a plain block list). */
function workspaceList(key: string): string[] {
  const lines = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.trim() === `${key}:`);
  if (start === -1) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const item = /^\s+-\s+(\S+)/.exec(line);
    if (!item) break;
    names.push(item[1]!.replace(/^['"]|['"]$/g, ''));
  }
  return names;
}

/** Installed packages that pnpm would build: an install script of their own, or a binding.gyp. */
function packagesWithBuilds(): string[] {
  const found = new Set<string>();
  for (const entry of readdirSync(STORE)) {
    const modules = join(STORE, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    const at = entry.lastIndexOf('@');
    const name = (at > 0 ? entry.slice(0, at) : entry).replace('+', '/');
    const dir = join(modules, name);
    if (!existsSync(join(dir, 'package.json'))) continue;
    const { scripts = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    if (scripts.preinstall || scripts.install || scripts.postinstall || existsSync(join(dir, 'binding.gyp'))) found.add(name);
  }
  return [...found].sort();
}

describe('the workspace install', () => {
  it('decides for every dependency with a build script, so a fresh pnpm install warns of none', () => {
    const decided = new Set([...workspaceList('onlyBuiltDependencies'), ...workspaceList('ignoredBuiltDependencies')]);
    expect(packagesWithBuilds().filter((name) => !decided.has(name))).toEqual([]);
  });
});
