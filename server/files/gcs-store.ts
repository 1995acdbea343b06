import type { Bucket } from '@google-cloud/storage';
import type { ObjectBucket, ObjectLocation } from './object-store';

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
    async upload(objectName, path) {
      // One multipart request, checked by MD5: GCS keeps an object whole or not at all.
      await (await bucket).upload(path, { destination: objectName, resumable: false, validation: 'md5' });
    },
    async download(objectName) {
      return (await bucket).file(objectName).createReadStream({ validation: 'md5' });
    },
    async remove(objectName) {
      await (await bucket).file(objectName).delete({ ignoreNotFound: true });
    },
    async probe() {
      const [exists] = await (await bucket).exists();
      if (!exists) throw new Error('there is no such bucket');
    },
  };
}
