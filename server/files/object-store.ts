import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { AppError } from '../http/app-error';
import { FileStoreUnavailableError, FileStoreUnreachableError, isOutOfSpace, OutOfSpaceError } from './store-errors';
import { checkedKey, checkedName, type FileStore } from './store';

/**
 * The few calls an object service has to offer; s3-store.ts and gcs-store.ts implement them. Each
 * call stops its request when `signal` aborts (objectFileStore's watch, when the store stalls).
 */
export interface ObjectBucket {
  /** The bucket's name and where it is served from, for messages: `console-files at http://minio:9000`. */
  readonly description: string;
  /** Uploads `size` bytes of `body` as object `name`, whole or not at all. */
  upload(name: string, body: Readable, size: number, signal: AbortSignal): Promise<void>;
  /** The object's bytes; AppError NOT_FOUND when there is no such object (here or as the stream's error). */
  download(name: string, signal: AbortSignal): Promise<Readable>;
  /** Removes the object; a missing object is no error. */
  remove(name: string, signal: AbortSignal): Promise<void>;
  /** Resolves when the bucket exists and answers; otherwise rejects with the reason. */
  probe(signal: AbortSignal): Promise<void>;
}

/** The failure's own words, without the SDKs' stack or request dumps. */
export function reasonOf(error: unknown): string {
  const { message, name, code } = error as { message?: string; name?: string; code?: unknown };
  return (message || String(code ?? name ?? error)).split('\n')[0].slice(0, 300);
}

function unavailable(error: unknown): AppError {
  return error instanceof AppError ? error : new FileStoreUnavailableError(reasonOf(error));
}

/**
 * A store call's deadline: the store has `timeoutMs` for each step (an answer, or the next bytes
 * of a transfer), so a hung store ends the call with a 503 instead of holding the request; a large
 * file that keeps moving is never cut off. Aborting the signal stops the SDK's request.
 */
class Watch {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  readonly signal = this.controller.signal;

  constructor(private readonly timeoutMs: number) {}

  /** The store's next step is awaited from now. */
  arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(new Error(`no answer within ${this.timeoutMs / 1000} s`)), this.timeoutMs);
  }

  /** Nothing is awaited from the store (a reader is busy with what it has). */
  disarm(): void {
    clearTimeout(this.timer);
  }

  /** Runs one call under the deadline; rejects with the call's own failure or the deadline's. */
  async run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.arm();
    const aborted = new Promise<never>((_, reject) => this.signal.addEventListener('abort', () => reject(this.signal.reason), { once: true }));
    try {
      return await Promise.race([call(this.signal), aborted]);
    } catch (error) {
      throw this.signal.aborted ? this.signal.reason : error;
    } finally {
      this.disarm();
    }
  }
}

/**
 * The object's bytes as they arrive, each wait for more bytes under the watch (only while more are
 * wanted: a reader that is not reading is not the store's stall). Resolves at the first byte, or at
 * the end of an empty object, so a reply is only started once the store has answered.
 */
function watchedDownload(watch: Watch, source: Readable): Promise<Readable> {
  const output = new Readable({
    read() {
      watch.arm();
      source.resume();
    },
    destroy(error, callback) {
      watch.disarm();
      source.destroy();
      callback(error);
    },
  });
  watch.arm();
  watch.signal.addEventListener('abort', () => output.destroy(unavailable(watch.signal.reason)), { once: true });
  return new Promise((resolve, reject) => {
    const opened = () => {
      output.off('error', reject);
      resolve(output);
    };
    output.once('error', reject);
    source.on('data', (chunk: Buffer) => {
      watch.disarm();
      if (!output.push(chunk)) source.pause();
      opened();
    });
    source.once('end', () => {
      watch.disarm();
      output.push(null);
      opened();
    });
    source.once('error', (error) => output.destroy(unavailable(error)));
  });
}

/** FILE_STORE taken apart; the prefix is empty or ends in `/`. */
export interface ObjectLocation {
  url: string;
  bucket: string;
  prefix: string;
  /** AWS_ENDPOINT_URL (S3) or STORAGE_EMULATOR_HOST (GCS); unset: the cloud service itself. */
  endpoint?: string;
}

/**
 * A FileStore in a bucket, objects named `<prefix><storage key>`. Uploads still arrive on local
 * disk (DATA_DIR/work/incoming): the size limit and the kind check need the whole file before
 * anything is stored, and a failed upload then leaves no object behind. Every call to the bucket
 * goes through a Watch of `timeoutMs` (FILE_STORE_TIMEOUT_MS).
 */
export function objectFileStore(bucket: ObjectBucket, { url, bucket: bucketName, prefix }: ObjectLocation, dataDir: string, timeoutMs: number): FileStore {
  const incoming = join(dataDir, 'work', 'incoming');
  const copies = join(dataDir, 'work', 'copies');
  mkdirSync(incoming, { recursive: true });
  mkdirSync(copies, { recursive: true });
  const objectName = (key: string) => `${prefix}${checkedKey(key)}`;
  const objectUrl = `${url.slice(0, url.indexOf('://'))}://${bucketName}/`;
  const call = <T>(run: (signal: AbortSignal) => Promise<T>) => new Watch(timeoutMs).run(run);
  // Each chunk the SDK takes of the file is the store's progress.
  const upload = async (name: string, path: string) => {
    const { size } = await stat(path);
    const watch = new Watch(timeoutMs);
    const body = new Transform({
      transform(chunk, _encoding, callback) {
        watch.arm();
        callback(null, chunk);
      },
    });
    pipeline(createReadStream(path), body, () => {});
    try {
      await watch.run((signal) => bucket.upload(name, body, size, signal));
    } catch (error) {
      throw unavailable(error);
    } finally {
      body.destroy();
    }
  };
  const download = async (key: string) => {
    const watch = new Watch(timeoutMs);
    const body = await watch
      .run((signal) => bucket.download(objectName(key), signal))
      .catch((error) => {
        throw unavailable(error);
      });
    return watchedDownload(watch, body);
  };
  return {
    location: url,
    async put(key, tempPath) {
      try {
        await upload(objectName(key), tempPath);
      } finally {
        await rm(tempPath, { force: true });
      }
    },
    get: download,
    async delete(key) {
      await call((signal) => bucket.remove(objectName(key), signal)).catch((error) => {
        throw unavailable(error);
      });
    },
    tempPath() {
      return join(incoming, `${randomBytes(16).toString('hex')}.part`);
    },
    async localCopy(key) {
      const path = join(copies, `${randomBytes(16).toString('hex')}.copy`);
      const release = () => rm(path, { force: true });
      try {
        await pipelineAsync(await download(key), createWriteStream(path, { flags: 'wx' }));
      } catch (error) {
        await release();
        throw isOutOfSpace(error) ? new OutOfSpaceError(error) : unavailable(error);
      }
      return { path, release };
    },
    async check() {
      await call((signal) => bucket.probe(signal)).catch((error) => {
        throw new FileStoreUnreachableError(`FILE_STORE ${url}: the bucket ${bucket.description} cannot be reached: ${reasonOf(error)}`);
      });
    },
    async publish(name, path) {
      const published = `${prefix}${checkedName(name)}`;
      await upload(published, path);
      return `${objectUrl}${published}`;
    },
    async checkPublish(folder) {
      try {
        await call((signal) => bucket.probe(signal));
        return { ok: true, message: `The bucket ${bucket.description} is reachable; files go to ${objectUrl}${prefix}${checkedName(folder)}/.` };
      } catch (error) {
        return { ok: false, message: `The bucket ${bucket.description} cannot be reached: ${reasonOf(error)}` };
      }
    },
  };
}
