import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const NODE_ARGS = ['--conditions=trawl-source', '--import', 'tsx'];

export function benchFile(name: string): string {
  return fileURLToPath(new URL(`../${name}`, import.meta.url));
}

/** Runs a bench script in a fresh process and parses the last line of its stdout as JSON. */
export function runJson<T>(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...NODE_ARGS, benchFile(script), ...args],
      { env: { ...process.env, ...env }, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${script} ${args.join(' ')} failed: ${stderr || error.message}`));
        resolve(JSON.parse(stdout.trim().split('\n').pop()!) as T);
      },
    );
  });
}

/** Starts a long-lived bench process that prints one line (e.g. a URL) when ready. */
export async function startService(script: string, args: string[]): Promise<{ line: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...NODE_ARGS, benchFile(script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return {
    line,
    child,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
