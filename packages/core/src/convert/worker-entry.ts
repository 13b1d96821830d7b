import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The script a conversion thread runs and the flags it starts with.
 *
 * Threads run plain ES modules, with none of the process's preloads (`--import`, `--require`,
 * `--loader`: tsx, instrumentation): they run Trawl's conversion and nothing else, and each
 * preload is start-up time paid again per thread.
 *
 * From the built package that script is `convert-worker.js`. From TypeScript sources (the
 * workspace's tests and benchmarks) it is the thread's module graph bundled by esbuild on first
 * use: Node 20 applies no module hooks inside worker threads, so tsx could only load the thread
 * through its CommonJS hook, which recompiles every dependency (linkedom, css-select, turndown…)
 * to CommonJS with names kept by `__name` calls; that code made each page cost 12–20% more than
 * the same code loaded natively, and each thread's start about a second of CPU.
 */
export function workerEntry(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fromSource ? bundledSourceWorker() : new URL('./convert-worker.js', import.meta.url).href;
  return { filename, execArgv: threadExecArgv(process.execArgv) };
}

/**
 * The process's flags a conversion thread keeps, each with its value (`--flag=x` or `--flag x`).
 * Flags given to a Worker are checked, and V8 and process flags (`--max-old-space-size`,
 * `--trace-gc`, `--title`…) fail it, though they already apply to the whole process; so only
 * these, which a thread honours on its own, are passed on. `true`: the flag takes a value.
 */
const THREAD_FLAGS = new Map<string, boolean>([
  ['--conditions', true],
  ['-C', true],
  ['--no-warnings', false],
  ['--disable-warning', true],
  ['--no-deprecation', false],
  ['--trace-warnings', false],
  ['--enable-source-maps', false],
  ['--cpu-prof', false],
  ['--cpu-prof-dir', true],
]);
/** Flags whose value is the next argument when not given with `=`, so that value goes too. */
const DROPPED_WITH_VALUE = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

export function threadExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    const equals = flag.indexOf('=');
    const name = equals < 0 ? flag : flag.slice(0, equals);
    const separateValue = equals < 0 && (THREAD_FLAGS.get(name) ?? DROPPED_WITH_VALUE.has(name));
    if (THREAD_FLAGS.has(name)) kept.push(...execArgv.slice(i, separateValue ? i + 2 : i + 1));
    if (separateValue) i++;
  }
  return kept;
}

let bundled: string | undefined;

/**
 * convert-worker.ts and the core modules it imports as one ES module (dependencies stay imports),
 * written under packages/core/node_modules/.cache so that they resolve from there. Named by its
 * content and written atomically, so processes starting together share one file.
 */
function bundledSourceWorker(): string {
  if (bundled) return bundled;
  // Only in the workspace, where esbuild is a dev dependency; the built package never gets here.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const entry = fileURLToPath(new URL('./convert-worker.ts', import.meta.url));
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'error',
  });
  const code = outputFiles[0]!.contents;
  const directory = fileURLToPath(new URL('../../node_modules/.cache/trawl-convert/', import.meta.url));
  const file = `${directory}convert-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  mkdirSync(directory, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, code);
  renameSync(temporary, file);
  return (bundled = pathToFileURL(file).href);
}
