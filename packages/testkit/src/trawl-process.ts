import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
let built = false;

/**
 * The compiled `trawl` binary, as `pnpm trawl` and an installed `trawl` run it. The first call in
 * a test process brings it up to date with the sources (scripts/build-cli.mjs compiles what changed,
 * a few milliseconds when nothing did), so tests never run a stale build.
 */
export function trawlBin(): string {
  if (!built) execFileSync(process.execPath, [`${ROOT}scripts/build-cli.mjs`], { stdio: ['ignore', 'ignore', 'inherit'] });
  built = true;
  return BIN;
}

export interface WorkerProcess {
  readonly child: ChildProcess;
  /** Everything it wrote so far. */
  readonly log: () => string;
  /** SIGKILL: no clean-up of any kind, as in a crash. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `trawl worker` (the real, compiled CLI) and resolves once it says it is ready. */
export function startWorkerProcess(args: readonly string[]): Promise<WorkerProcess> {
  return startTrawl(['worker', ...args], /worker ready/);
}

/** Starts a `trawl` command and resolves once its output (stdout and stderr) matches `ready`. */
export async function startTrawl(args: readonly string[], ready: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [trawlBin(), ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        output += chunk;
        if (ready.test(output)) resolve();
      });
    }
    child.once('exit', (code) => reject(new Error(`trawl ${args[0]} exited (${code}) before it was ready:\n${output}`)));
  });
  await started;
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    log: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Polls `check` until it returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
