import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evalDir } from './eval-pages.js';

export interface Scores {
  precision: number;
  recall: number;
  f1: number;
  f1ByType?: Record<string, number>;
}

/** Scores Markdown predictions with shared/eval/score.mjs: `args` are its metric and gold folder (`['aeb']`, `['wcxb', dir]`). */
export function score(args: string[], predictions: Record<string, string>): Scores {
  const dir = mkdtempSync(join(tmpdir(), 'trawl-score-'));
  try {
    const predictionFile = join(dir, 'predictions.json');
    writeFileSync(predictionFile, JSON.stringify(predictions));
    const [metric, ...rest] = args;
    const report = execFileSync(process.execPath, [join(evalDir(), 'score.mjs'), metric!, predictionFile, ...rest, '--markdown'], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    return JSON.parse(report.slice(0, report.lastIndexOf('}') + 1)) as Scores;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The article benchmark's gold text leaves each page's title out, while Trawl keeps the page's H1 on
 * purpose: scoring with the H1 lines set aside compares like with like (Readability.js, whose 0.947
 * is the floor, also drops the title from its content).
 */
export function withoutH1Lines(predictions: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(predictions).map(([id, markdown]) => [id, markdown.replace(/^# .*$/gm, '')]));
}
