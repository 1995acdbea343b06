import { Worker } from 'node:worker_threads';
import type { CheckedBatch, CheckedFile, CheckJob } from './check-worker';

const ENTRY = new URL('./check-worker.ts', import.meta.url).href;
/**
 * The server's TypeScript runs through tsx, whose loader a worker thread does not inherit for its
 * entry file, so the thread registers tsx before importing it.
 */
const BOOTSTRAP = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(ENTRY)}); })`;

/**
 * Reads and checks a file in a worker thread, handing each batch of checked rows to `onBatch`
 * (synchronous; the thread reads ahead a few batches at most). Resolves with the file's summary;
 * rejects if the file cannot be read or `onBatch` throws, and the thread is stopped either way.
 */
export function checkInWorker(job: CheckJob, onBatch: (batch: CheckedBatch) => void): Promise<CheckedFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: job, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.on('message', (message: CheckedBatch | CheckedFile) => {
      if (message.type === 'done') return settle(() => resolve(message));
      try {
        onBatch(message);
        worker.postMessage('staged');
      } catch (error) {
        settle(() => reject(error));
      }
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', () => settle(() => reject(new Error('The file reader stopped before the end of the file.'))));
  });
}
