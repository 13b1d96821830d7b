import { htmlToDocument } from '@trawl/core';
import type { SetPage } from './eval-sets.js';

export interface PredictionRun {
  predictions: Record<string, string>;
  seconds: number;
  cpuSeconds: number;
  /** Pages whose conversion threw: their prediction is empty. */
  crashes: Array<{ id: string; message: string }>;
}

/**
 * Converts each page as `pnpm bench:quality` scores it: `htmlToDocument` with Markdown and main
 * content, in this thread; `withoutSteps` names main-content steps not to run (`--without`).
 */
export async function predictPages(pages: SetPage[], withoutSteps: readonly string[] = []): Promise<PredictionRun> {
  const predictions: Record<string, string> = {};
  const crashes: PredictionRun['crashes'] = [];
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (const page of pages) {
    try {
      const document = await htmlToDocument(page.html, { url: page.url, formats: ['markdown'], onlyMainContent: true, withoutSteps });
      predictions[page.id] = document.markdown ?? '';
    } catch (error) {
      predictions[page.id] = '';
      crashes.push({ id: page.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  // CPU time stays meaningful when other work shares the machine; wall time does not.
  const cpu = process.cpuUsage(cpuStarted);
  return { predictions, crashes, seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}
