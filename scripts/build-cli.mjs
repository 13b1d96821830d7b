#!/usr/bin/env node
// Compiles the `trawl` CLI and the workspace packages it imports (src/**/*.ts → dist/**/*.js),
// so the binary runs plain JavaScript instead of transpiling TypeScript on every start.
//
// - File by file with esbuild: no type check (`pnpm typecheck` does that) and no bundling, so each
//   file lands where tsc puts it and paths relative to import.meta.url (the conversion thread's
//   script, data files, package.json) hold. `pnpm build` (tsc, with .d.ts) writes the same files
//   for publishing.
// - Only files whose output is missing or older than their source are compiled: with nothing
//   changed a run is a few milliseconds of stat calls, so `pnpm trawl`, `pnpm start`, the tests
//   that start the binary and `pnpm install` (prepare) all run it first.
// - Each file is written to a temporary name and renamed, so a process starting meanwhile never
//   reads half a file.
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = join(ROOT, 'packages');

/** Package folders by package name. */
function workspacePackages() {
  const byName = new Map();
  for (const dir of readdirSync(PACKAGES)) {
    const manifest = JSON.parse(readFileSync(join(PACKAGES, dir, 'package.json'), 'utf8'));
    byName.set(manifest.name, { dir: join(PACKAGES, dir), manifest });
  }
  return byName;
}

/** `trawl` and the workspace packages it depends on at run time, transitively (devDependencies left out). */
function packagesToBuild() {
  const byName = workspacePackages();
  const wanted = new Map();
  const visit = (name) => {
    const pkg = byName.get(name);
    if (!pkg || wanted.has(name)) return;
    wanted.set(name, pkg.dir);
    for (const [dep, spec] of Object.entries(pkg.manifest.dependencies ?? {})) if (String(spec).startsWith('workspace:')) visit(dep);
  };
  visit('trawl');
  return [...wanted.values()];
}

function sourcesOf(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourcesOf(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** Sources whose compiled file is missing or older than they are. */
function staleSources(packageDir) {
  const src = join(packageDir, 'src');
  return sourcesOf(src).filter((file) => {
    const out = join(packageDir, 'dist', relative(src, file)).replace(/\.ts$/, '.js');
    const compiled = statSync(out, { throwIfNoEntry: false });
    return !compiled || compiled.mtimeMs < statSync(file).mtimeMs;
  });
}

async function compile(packageDir, files) {
  // Loaded only when there is work: a run with nothing stale stays a few milliseconds.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: files,
    outbase: join(packageDir, 'src'),
    outdir: join(packageDir, 'dist'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    write: false,
    logLevel: 'error',
  });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    if (file.path.endsWith(`${join('cli', 'dist', 'bin.js')}`)) chmodSync(temporary, 0o755);
    renameSync(temporary, file.path);
  }
}

const started = performance.now();
let compiled = 0;
await Promise.all(
  packagesToBuild().map(async (dir) => {
    const stale = staleSources(dir);
    if (!stale.length) return;
    await compile(dir, stale);
    compiled += stale.length;
  }),
);
if (compiled) process.stderr.write(`build-cli: compiled ${compiled} file(s) in ${Math.round(performance.now() - started)} ms\n`);
