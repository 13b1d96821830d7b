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
  return { filename, execArgv: withoutPreloads(process.execArgv) };
}

const PRELOAD_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/** The process's flags minus its preloads (each with its value, whether `--import x` or `--import=x`). */
export function withoutPreloads(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    const equals = flag.indexOf('=');
    if (!PRELOAD_FLAGS.has(equals < 0 ? flag : flag.slice(0, equals))) kept.push(flag);
    else if (equals < 0) i++; // the flag's value
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
