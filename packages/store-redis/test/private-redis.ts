import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A redis-server of the test's own, to kill and restart without touching anyone else's Redis. */
export interface PrivateRedis {
  readonly url: string;
  /** SIGKILL, as in a crash; what it wrote so far is in its append-only file. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data. */
  restart(): Promise<void>;
  /** Kills it and deletes its data. */
  close(): Promise<void>;
}

/** A port nothing listens on: bound, read and released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function launch(port: number, dir: string): Promise<ChildProcess> {
  // An append-only file synced on every write, as a deployment that keeps its data across a restart runs it.
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)));
  });
  return child;
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'trawl-private-redis-'));
  let child: ChildProcess | undefined = await launch(port, dir);
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      await stop(child);
      child = undefined;
    },
    async restart() {
      child = await launch(port, dir);
    },
    async close() {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
