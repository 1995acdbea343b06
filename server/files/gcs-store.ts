import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Bucket } from '@google-cloud/storage';
import { AppError } from '../http/app-error';
import type { ObjectBucket, ObjectLocation } from './object-store';
import { sentence } from '../../src/i18n/serverMessage';

/**
 * A Google Cloud Storage bucket. Credentials come from the library's own chain
 * (GOOGLE_APPLICATION_CREDENTIALS, the metadata server); an endpoint (STORAGE_EMULATOR_HOST) is
 * called without them, as emulators expect.
 */
export function gcsBucket({ bucket: name, endpoint }: ObjectLocation): ObjectBucket {
  // Loaded only with a gs:// FILE_STORE, to keep start-up quick without one.
  const bucket: Promise<Bucket> = import('@google-cloud/storage').then(({ Storage }) =>
    new Storage({ ...(endpoint ? { apiEndpoint: endpoint } : {}), retryOptions: { maxRetries: 2, totalTimeout: 30 } }).bucket(name),
  );
  return {
    description: `${name}${endpoint ? ` at ${endpoint}` : ' on Google Cloud Storage'}`,
    async upload(objectName, body, _size, signal) {
      // One multipart request, checked by MD5: GCS keeps an object whole or not at all.
      await pipeline(body, (await bucket).file(objectName).createWriteStream({ resumable: false, validation: 'md5' }), { signal });
    },
    async download(objectName, signal) {
      // The library reports a missing object only once the stream is read.
      const source = (await bucket).file(objectName).createReadStream({ validation: 'md5' });
      const body = new PassThrough();
      source.on('error', (error) => body.destroy((error as { code?: unknown }).code === 404 ? new AppError('NOT_FOUND', sentence('files.theFileIsNoLonger')) : error));
      // Destroyed before the store answers, the stream gets the late answer piped into it by the
      // library, which then throws where nothing can catch it: until the answer, its end waits for it.
      let answered = false;
      source.once('response', () => (answered = true));
      signal.addEventListener('abort', () => (answered ? source.destroy() : source.once('response', () => setImmediate(() => source.destroy()))), { once: true });
      return source.pipe(body);
    },
    // The library takes no signal here: the watch still ends the call, its own retries end within 30 s.
    async remove(objectName) {
      await (await bucket).file(objectName).delete({ ignoreNotFound: true });
    },
    async probe() {
      const [exists] = await (await bucket).exists();
      if (!exists) throw new Error('there is no such bucket');
    },
  };
}
