import { startFakeGcs } from '../fakes/gcs-server';
import { fileStoreSuite } from './file-store-suite';

fileStoreSuite('GCS', 'console-files', async () => {
  const gcs = await startFakeGcs(['console-files']);
  return {
    setting: (bucket, prefix) => ({ url: `gs://${bucket}${prefix ? `/${prefix}` : ''}`, endpoint: gcs.url }),
    objectNames: async (bucket) => [...gcs.objects.keys()].filter((key) => key.startsWith(`${bucket}/`)).map((key) => key.slice(bucket.length + 1)),
    stop: () => gcs.close(),
    close: async () => {},
  };
});
