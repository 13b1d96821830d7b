// The entry of a conversion thread (see convert-pool.ts): piscina calls the default export per task.
import { runConvertTask, type ConvertOutcome, type StartedTask } from './convert-task.js';

export default function convert({ started, ...task }: StartedTask): ConvertOutcome {
  started.postMessage('started');
  started.close();
  return runConvertTask(task);
}
