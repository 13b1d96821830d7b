import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { Env } from '@trawl/core/settings';
import { trawlBin } from '@trawl/testkit';
import { run } from '../src/program.js';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real, compiled `trawl` binary in a child process, as a user would. `interruptWhen`: one Ctrl-C
 * (SIGINT) once stderr matches it, or once the predicate holds (checked as the test's server sees
 * requests); a second would (rightly) kill the process.
 */
export function runCli(
  args: string[],
  options: { input?: string | Buffer; timeoutMs?: number; interruptWhen?: RegExp | (() => boolean) } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [trawlBin(), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    let interrupted = false;
    const when = options.interruptWhen;
    const interruptIf = (ready: boolean) => {
      if (interrupted || !ready) return;
      interrupted = true;
      child.kill('SIGINT');
    };
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (when instanceof RegExp) interruptIf(when.test(stderr));
    });
    const watcher = typeof when === 'function' ? setInterval(() => interruptIf(when()), 20) : undefined;
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(watcher);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/**
 * Runs the `trawl` program in this process, its streams captured: fast, for what needs no
 * separate process. `env` is where settings are read (default: this process's environment).
 */
export async function runInProcess(args: string[], env: Env = process.env): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await run(['node', 'trawl', ...args], { stdout, stderr, stdin: new PassThrough() }, env);
  return { code, stdout: out, stderr: err };
}
