import { spawn, type ChildProcess } from 'node:child_process';
import { trawlBin } from '@trawl/testkit';

export interface ServeProcess {
  child: ChildProcess;
  /** The API's URL, once it listens. */
  url: string;
  output(): { stdout: string; stderr: string };
  /** Sends SIGTERM and resolves the exit code. */
  stop(): Promise<number | null>;
}

/** Runs `trawl serve` the way `pnpm start` does: a real process, settings from args and environment. */
export function spawnServe(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): { process: ChildProcess; ready: Promise<ServeProcess>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [trawlBin(), 'serve', ...args], {
    cwd: options.cwd,
    env: { ...process.env, PORT: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<ServeProcess>((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (!match) return;
      child.stdout!.off('data', onData);
      resolve({
        child,
        url: match[1]!,
        output: () => ({ stdout, stderr }),
        stop: async () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => reject(new Error(`trawl serve exited (${code}) before listening:\n${stdout}\n${stderr}`)));
  });
  ready.catch(() => undefined);
  return { process: child, ready, exited };
}
