import { Worker } from 'node:worker_threads';
import { FILE_READ_LIMITS } from '../../../src/shared/upload-rules';
import type { CheckedBatch, CheckedFile, CheckerCommand, CheckFailed, CheckJob, SampledFile, SampleJob } from './check-worker';
import { sentence } from '../../../src/i18n/serverMessage';

const ENTRY = new URL('./check-worker.ts', import.meta.url).href;
/**
 * The server's TypeScript runs through tsx, whose loader a worker thread does not inherit for its
 * entry file, so the thread registers tsx before importing it. Both by absolute URL: an eval'd
 * thread resolves bare names from the working directory, which need not be the project's.
 */
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(ENTRY)}); })`;

/**
 * The uploads' reading thread, one per server, kept between uploads: starting one costs a
 * V8 isolate and tsx's loader (~0.3 s and tens of MiB), which a thread per upload paid each time
 * and left behind in the allocator. Files are checked one at a time, in the order asked.
 */
/** Why a file failed when the thread ran out of its heap; the upload's reason quotes it. */
export const OUT_OF_MEMORY_REASON = 'it needs more memory than an upload may use (an XLSX keeps every distinct text in memory); save it as CSV or split it';

export class FileChecker {
  private worker?: Worker;
  private queue: Promise<unknown> = Promise.resolve();

  /**
   * `heapMib`: the thread's old generation; `limits`: the time a file may take (tests make both tiny
   * to see a file outgrow them).
   */
  constructor(
    private readonly heapMib = 64,
    private readonly limits: { checkSeconds: number; sampleSeconds: number } = FILE_READ_LIMITS,
  ) {}

  /** Starts the thread ahead of a file, so that loading it overlaps receiving the upload. */
  warm(): void {
    this.thread();
  }

  /**
   * Reads and checks a file, handing each batch of checked rows to `onBatch` (synchronous; the
   * thread reads ahead a few batches at most). Resolves with the file's summary; rejects if the
   * file cannot be read, or if `onBatch` throws (the thread is then replaced).
   */
  check(job: CheckJob, onBatch: (batch: CheckedBatch) => void): Promise<CheckedFile> {
    return this.enqueue({ type: 'job', job }, onBatch, this.limits.checkSeconds) as Promise<CheckedFile>;
  }

  /** Reads a file's header and first rows, within the same limits, in a shorter time. */
  sample(job: SampleJob): Promise<SampledFile> {
    return this.enqueue({ type: 'sample', job }, () => undefined, this.limits.sampleSeconds) as Promise<SampledFile>;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private thread(): Worker {
    if (!this.worker) {
      // Small heap limits: the thread's garbage is short-lived batches, and the server's RSS counts
      // it. Left alone, a long-lived thread's old generation grows after its first large file and
      // the next file's peak with it (by ~100 MiB at 1M rows). A CSV needs a few MiB whatever its
      // size; a file needing more (a huge XLSX's shared strings) fails with OUT_OF_MEMORY_REASON.
      const worker = new Worker(BOOTSTRAP, { eval: true, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: this.heapMib } });
      // An idle thread does not keep the process alive; close() ends it with the server.
      worker.unref();
      worker.on('exit', () => {
        if (this.worker === worker) this.worker = undefined;
      });
      // An idle thread's crash is not an upload's failure: its exit clears it and the next upload starts another.
      worker.on('error', () => undefined);
      this.worker = worker;
    }
    return this.worker;
  }

  private enqueue(command: CheckerCommand, onBatch: (batch: CheckedBatch) => void, seconds: number): Promise<CheckedFile | SampledFile> {
    const run = this.queue.then(() => this.run(command, onBatch, seconds));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private run(command: CheckerCommand, onBatch: (batch: CheckedBatch) => void, seconds: number): Promise<CheckedFile | SampledFile> {
    const worker = this.thread();
    return new Promise((resolve, reject) => {
      let settled = false;
      // A file that takes too long (a huge or crafted one) ends with its thread.
      const timer = setTimeout(() => settle(() => reject(new Error(`reading it took longer than ${seconds} seconds, the most a file may take; split it into smaller files.`)), true), seconds * 1000);
      const settle = (outcome: () => void, broken: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        // A thread stopped mid-file cannot be told to drop it: a new one serves the next upload.
        if (broken) {
          if (this.worker === worker) this.worker = undefined;
          void worker.terminate();
        }
        outcome();
      };
      const onMessage = (message: CheckedBatch | CheckedFile | SampledFile | CheckFailed) => {
        if (message.type === 'done' || message.type === 'sampled') return settle(() => resolve(message), false);
        if (message.type === 'failed') return settle(() => reject(new Error(message.message)), false);
        try {
          onBatch(message);
          worker.postMessage({ type: 'staged' } satisfies CheckerCommand);
        } catch (error) {
          settle(() => reject(error), true);
        }
      };
      const onError = (error: Error) => {
        const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        settle(() => reject(outOfMemory ? new Error(OUT_OF_MEMORY_REASON) : error), true);
      };
      const onExit = () => settle(() => reject(new Error(sentence('uploads.theFileReaderStoppedBefore'))), true);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(command);
    });
  }
}
