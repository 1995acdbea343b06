import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { AppError } from '../http/app-error';
import { FileStoreUnavailableError, FileStoreUnreachableError } from './store-errors';
import { checkedKey, checkedName, type FileStore } from './store';

/** The few calls an object service has to offer; s3-store.ts and gcs-store.ts implement them. */
export interface ObjectBucket {
  /** The bucket's name and where it is served from, for messages: `console-files at http://minio:9000`. */
  readonly description: string;
  /** Uploads the file at `path` as object `name`, whole or not at all. */
  upload(name: string, path: string): Promise<void>;
  /** The object's bytes; AppError NOT_FOUND when there is no such object. */
  download(name: string): Promise<Readable>;
  /** Removes the object; a missing object is no error. */
  remove(name: string): Promise<void>;
  /** Resolves when the bucket exists and answers; otherwise rejects with the reason. */
  probe(): Promise<void>;
}

/** The failure's own words, without the SDKs' stack or request dumps. */
export function reasonOf(error: unknown): string {
  const { message, name, code } = error as { message?: string; name?: string; code?: unknown };
  return (message || String(code ?? name ?? error)).split('\n')[0].slice(0, 300);
}

function unavailable(error: unknown): AppError {
  return error instanceof AppError ? error : new FileStoreUnavailableError(reasonOf(error));
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
 * anything is stored, and a failed upload then leaves no object behind.
 */
export function objectFileStore(bucket: ObjectBucket, { url, bucket: bucketName, prefix }: ObjectLocation, dataDir: string): FileStore {
  const incoming = join(dataDir, 'work', 'incoming');
  const copies = join(dataDir, 'work', 'copies');
  mkdirSync(incoming, { recursive: true });
  mkdirSync(copies, { recursive: true });
  const objectName = (key: string) => `${prefix}${checkedKey(key)}`;
  const objectUrl = `${url.slice(0, url.indexOf('://'))}://${bucketName}/`;
  return {
    location: url,
    async put(key, tempPath) {
      try {
        await bucket.upload(objectName(key), tempPath);
      } catch (error) {
        throw unavailable(error);
      } finally {
        await rm(tempPath, { force: true });
      }
    },
    get(key) {
      // Callers take a stream at once (a reply, a mail attachment); the object's bytes follow once it answers.
      const stream = new PassThrough();
      bucket.download(objectName(key)).then(
        (body) => pipeline(body, stream, () => {}),
        (error) => stream.destroy(unavailable(error)),
      );
      return stream;
    },
    async delete(key) {
      await bucket.remove(objectName(key)).catch((error) => {
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
        await pipelineAsync(await bucket.download(objectName(key)), createWriteStream(path, { flags: 'wx' }));
      } catch (error) {
        await release();
        throw unavailable(error);
      }
      return { path, release };
    },
    async check() {
      await bucket.probe().catch((error) => {
        throw new FileStoreUnreachableError(`FILE_STORE ${url}: the bucket ${bucket.description} cannot be reached: ${reasonOf(error)}`);
      });
    },
    async publish(name, path) {
      const published = `${prefix}${checkedName(name)}`;
      await bucket.upload(published, path).catch((error) => {
        throw unavailable(error);
      });
      return `${objectUrl}${published}`;
    },
    async checkPublish(folder) {
      try {
        await bucket.probe();
        return { ok: true, message: `The bucket ${bucket.description} is reachable; files go to ${objectUrl}${prefix}${checkedName(folder)}/.` };
      } catch (error) {
        return { ok: false, message: `The bucket ${bucket.description} cannot be reached: ${reasonOf(error)}` };
      }
    },
  };
}
