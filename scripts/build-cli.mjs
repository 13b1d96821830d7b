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
// - Then the actions of one-shot commands that must start fast (BUNDLED_ACTIONS: `trawl scrape`)
//   are bundled, each with core and core's dependencies, over their per-file output. Loading the
//   engine file by file is ~850 modules (undici, zod, linkedom, turndown…): resolving, reading and
//   linking them cost more than running them. A bundle is a handful of files. Other workspace
//   packages stay outside (imported on use, as before), and so does playwright-core.
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/** The console's browser app: bundled into its assets by its own build, not compiled for Node. */
const CONSOLE = join(PACKAGES, 'console');
const CONSOLE_APP = join(CONSOLE, 'src', 'app');

function sourcesOf(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && path === CONSOLE_APP) continue;
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

/** Actions bundled whole (see the header); none may start conversion threads (their script path is relative to core's dist). */
const BUNDLED_ACTIONS = ['scrape'];
/** The first line of a bundle: `pnpm build` (tsc) writes the per-file action over it, and this tells the two apart. */
const BUNDLE_MARK = '// trawl: bundled by scripts/build-cli.mjs';

/** Whether the bundled action is missing, replaced, or older than one of the files it was made from. */
function bundleIsStale(out, inputsFile) {
  const built = statSync(out, { throwIfNoEntry: false });
  if (!built || !readFileSync(out, 'utf8').startsWith(BUNDLE_MARK)) return true;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return true;
  }
  return inputs.some((input) => (statSync(join(ROOT, input), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) > built.mtimeMs);
}

async function bundleAction(name) {
  const cli = join(PACKAGES, 'cli');
  const out = join(cli, 'dist', 'actions', `${name}.js`);
  const inputsFile = join(cli, 'dist', 'actions', `${name}.inputs.json`);
  if (!bundleIsStale(out, inputsFile)) return false;
  const { build } = await import('esbuild');
  const others = [...workspacePackages().keys()].filter((pkg) => pkg !== '@trawl/core' && pkg !== 'trawl');
  const result = await build({
    entryPoints: { [name]: join(cli, 'src', 'actions', `${name}.ts`) },
    absWorkingDir: ROOT,
    bundle: true,
    // Parts loaded on demand (a PDF parser, a DOCX reader) stay in chunks of their own.
    splitting: true,
    chunkNames: `${name}-chunks/[name]-[hash]`,
    outdir: join(cli, 'dist', 'actions'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['trawl-source'],
    external: [...others.flatMap((pkg) => [pkg, `${pkg}/*`]), 'playwright-core'],
    // Optional for @acemir/cssom (under linkedom), present here only as jsdom's dependency.
    alias: { cssstyle: join(ROOT, 'scripts', 'absent-optional-module.cjs') },
    // Bundled CommonJS modules call require() for Node's own modules.
    banner: {
      js: `${BUNDLE_MARK}\nimport { createRequire as __trawlRequire } from 'node:module';\nconst require = __trawlRequire(import.meta.url);`,
    },
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  // Chunks first, the entry last: a process starting meanwhile finds every chunk its entry names.
  const outputs = [...result.outputFiles].sort((a, b) => Number(a.path === out) - Number(b.path === out));
  for (const file of outputs) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  const written = new Set(outputs.map((file) => file.path));
  const chunks = join(cli, 'dist', 'actions', `${name}-chunks`);
  for (const entry of statSync(chunks, { throwIfNoEntry: false }) ? readdirSync(chunks, { withFileTypes: true }) : []) {
    if (entry.isFile() && entry.name.endsWith('.js') && !written.has(join(chunks, entry.name)))
      rmSync(join(chunks, entry.name), { force: true });
  }
  // This script is an input too: a change to how bundles are made remakes them.
  writeFileSync(inputsFile, JSON.stringify([...Object.keys(result.metafile.inputs), relative(ROOT, fileURLToPath(import.meta.url))]));
  return true;
}

/** Files under a folder, recursively. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Rebuilds the console's assets (`trawl serve` serves them) when one of its app's files is newer than their manifest. */
async function buildConsoleApp() {
  const manifest = statSync(join(CONSOLE, 'assets', 'manifest.json'), { throwIfNoEntry: false });
  const inputs = [...filesUnder(CONSOLE_APP), join(CONSOLE, 'scripts', 'build-app.mjs')];
  if (manifest && inputs.every((file) => statSync(file).mtimeMs <= manifest.mtimeMs)) return false;
  await import(pathToFileURL(join(CONSOLE, 'scripts', 'build-app.mjs')).href);
  return true;
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
const bundled = (await Promise.all(BUNDLED_ACTIONS.map(bundleAction))).filter(Boolean).length;
const consoleBuilt = packagesToBuild().includes(CONSOLE) && (await buildConsoleApp());
if (compiled || bundled || consoleBuilt) {
  const what = [
    compiled ? `compiled ${compiled} file(s)` : '',
    bundled ? `bundled ${bundled} action(s)` : '',
    consoleBuilt ? 'built the console' : '',
  ]
    .filter(Boolean)
    .join(', ');
  process.stderr.write(`build-cli: ${what} in ${Math.round(performance.now() - started)} ms\n`);
}
