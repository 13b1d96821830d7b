import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalDir } from './eval-pages.js';
import type { EvalSetName } from './eval-sets.js';

let aebGold: Record<string, { articleBody?: string }> | undefined;
let trafilaturaGold: Map<string, { with: string[] }> | undefined;

/** Whether a page's gold text is empty: an empty prediction is then right, not a failure. */
export function goldIsEmpty(set: EvalSetName, id: string): boolean {
  const dir = evalDir();
  if (set === 'aeb') {
    aebGold ??= JSON.parse(readFileSync(join(dir, 'aeb', 'ground-truth.json'), 'utf8'));
    return !aebGold![id]?.articleBody?.trim();
  }
  if (set === 'wcxb') {
    const truth = JSON.parse(readFileSync(join(dir, 'wcxb-dev', 'ground-truth', `${id}.json`), 'utf8')) as {
      ground_truth?: { main_content?: string };
    };
    return !truth.ground_truth?.main_content?.trim();
  }
  trafilaturaGold ??= new Map(
    Object.values(
      JSON.parse(readFileSync(join(dir, 'trafilatura', 'evaldata.json'), 'utf8')) as Record<string, { file: string; with: string[] }>,
    ).map((item) => [item.file, item]),
  );
  return !trafilaturaGold.get(id)?.with.length;
}
