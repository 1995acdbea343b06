import { Worker } from 'node:worker_threads';
import type { CheckedBatch, CheckedFile, CheckJob } from './check-worker';

const ENTRY = new URL('./check-worker.ts', import.meta.url).href;
/**
 * The server's TypeScript runs through tsx, whose loader a worker thread does not inherit for its
 * entry file, so the thread registers tsx before importing it. Both by absolute URL: an eval'd
 * thread resolves bare names from the working directory, which need not be the project's.
 */
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(ENTRY)}); })`;

export interface FileChecker {
  /**
   * Reads and checks a file, handing each batch of checked rows to `onBatch` (synchronous; the
   * thread reads ahead a few batches at most). Resolves with the file's summary; rejects if the
   * file cannot be read or `onBatch` throws. The thread is stopped either way.
   */
  check(job: CheckJob, onBatch: (batch: CheckedBatch) => void): Promise<CheckedFile>;
  /** Stops a thread that will not be used. */
  stop(): void;
}

/**
 * Starts a file-reading thread ahead of its file: loading the thread's modules overlaps receiving
 * the upload. One thread per upload; it ends with its file.
 */
export function startFileChecker(): FileChecker {
  // A small young generation: the thread's garbage is short-lived batches, and the peak RSS counts it.
  const worker = new Worker(BOOTSTRAP, { eval: true, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  let failure: Error | undefined;
  let onFailure = (error: Error): void => {
    failure = error;
  };
  worker.on('error', (error) => onFailure(error));
  worker.on('exit', () => onFailure(new Error('The file reader stopped before the end of the file.')));
  return {
    stop: () => void worker.terminate(),
    check: (job, onBatch) =>
      new Promise((resolve, reject) => {
        let settled = false;
        const settle = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          outcome();
          void worker.terminate();
        };
        onFailure = (error) => settle(() => reject(error));
        if (failure) return onFailure(failure);
        worker.on('message', (message: CheckedBatch | CheckedFile) => {
          if (message.type === 'done') return settle(() => resolve(message));
          try {
            onBatch(message);
            worker.postMessage('staged');
          } catch (error) {
            settle(() => reject(error));
          }
        });
        worker.postMessage(job);
      }),
  };
}
