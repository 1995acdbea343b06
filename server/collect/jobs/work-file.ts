import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

/** Where chunks are written in order, each awaited: a work file, or a test's stand-in. */
export interface ChunkSink {
  write(chunk: string | Buffer): Promise<void>;
}

/**
 * A file a task run writes in its work folder, chunk by chunk. A bare write stream fails
 * asynchronously: an error after a write had returned (the disk full, the folder swept away) is an
 * 'error' event nobody awaits, which ends the whole process. Here the file is open before `create`
 * answers, a failure is kept and thrown by the next `write` or `close` (so it fails the run that
 * wrote), and `discard` answers once the file is closed, so its folder can go.
 */
export class WorkFile implements ChunkSink {
  private constructor(private out: WriteStream) {
    out.on('error', () => undefined); // kept on out.errored, thrown by the next write or close
  }

  static async create(path: string): Promise<WorkFile> {
    const out = createWriteStream(path);
    const file = new WorkFile(out);
    await once(out, 'ready');
    return file;
  }

  /** Writes a chunk, waiting for the file to drain when its buffer is full (memory stays flat). */
  async write(chunk: string | Buffer): Promise<void> {
    if (this.out.errored) throw this.out.errored;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** Writes what is buffered (and a last chunk), answering once it is on disk or failing as it failed. */
  async close(last?: string | Buffer): Promise<void> {
    if (this.out.errored) throw this.out.errored;
    this.out.end(last);
    await finished(this.out);
  }

  /** Drops what is unwritten and closes the file; never fails, since the file is being thrown away. */
  async discard(): Promise<void> {
    this.out.destroy();
    await finished(this.out).catch(() => undefined);
  }
}
