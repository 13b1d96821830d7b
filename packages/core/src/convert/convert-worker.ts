// The entry of a conversion thread (see convert-pool.ts): piscina calls the default export per task.
import { documentFormatOf } from '../documents/convert-document-page.js';
import { runConvertTask, runDocumentTask, type ConvertOutcome, type StartedTask } from './convert-task.js';

export default function convert({ started, ...task }: StartedTask): ConvertOutcome | Promise<ConvertOutcome> {
  Atomics.store(started, 0, 1);
  const format = documentFormatOf(task.page);
  return format ? runDocumentTask(task, format) : runConvertTask(task);
}
