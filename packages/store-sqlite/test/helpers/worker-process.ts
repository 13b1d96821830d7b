import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../../cli/src/bin.ts', import.meta.url));

export interface WorkerProcess {
  readonly child: ChildProcess;
  /** Everything it wrote to stderr so far. */
  readonly log: () => string;
  /** SIGKILL: no clean-up of any kind, as in a crash. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `trawl worker` (the real CLI, from source) and resolves once it says it is ready. */
export async function startWorkerProcess(args: readonly string[]): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--conditions=trawl-source', '--import', 'tsx', BIN, 'worker', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  const ready = new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.includes('worker ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`trawl worker exited (${code}) before it was ready:\n${stderr}`)));
  });
  await ready;
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    log: () => stderr,
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
