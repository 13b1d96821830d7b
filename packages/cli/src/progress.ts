import cliProgress from 'cli-progress';
import type { CliIO } from './io.js';
import { writeLine } from './io.js';

export interface ProgressReporter {
  update(state: { completed: number; failed: number; total: number }): void;
  stop(): void;
}

/**
 * A progress bar (pages done/total, rate, errors) on a terminal; on anything else (a pipe, a
 * CI log) one plain line per change of at least 5%, so logs stay readable.
 */
export function createProgress(io: CliIO, label: string): ProgressReporter {
  const startedAt = Date.now();
  const rate = (done: number) => (done / Math.max(0.001, (Date.now() - startedAt) / 1000)).toFixed(1);
  if (io.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {value}/{total} pages | {rate} pages/s | {failed} errors`,
        stream: io.stderr as NodeJS.WritableStream,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(1, 0, { rate: '0.0', failed: 0 });
    return {
      update({ completed, failed, total }) {
        const done = completed + failed;
        bar.setTotal(Math.max(total, done, 1));
        bar.update(done, { rate: rate(done), failed });
      },
      stop: () => bar.stop(),
    };
  }
  let lastShown = -1;
  return {
    update({ completed, failed, total }) {
      const done = completed + failed;
      const step = Math.max(1, Math.floor(total / 20));
      if (done === lastShown || (done - lastShown < step && done !== total)) return;
      lastShown = done;
      writeLine(io.stderr, `${label}: ${done}/${total} pages, ${rate(done)} pages/s, ${failed} errors`);
    },
    stop() {},
  };
}
