import { readFile } from 'node:fs/promises';

/** The streams a command writes to; tests and embedders can pass their own. */
export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream;
}

export const processIO: CliIO = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };

export function writeLine(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Reads a file's bytes, or standard input's for "-": a PDF or an Office file is not text. */
export async function readInputBytes(path: string, io: CliIO): Promise<Buffer> {
  if (path !== '-') return readFile(path);
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
