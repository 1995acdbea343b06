import type { AppConfig } from '../config';
import { gcsBucket } from './gcs-store';
import { localFileStore } from './local-store';
import { objectFileStore, type ObjectLocation } from './object-store';
import { s3Bucket } from './s3-store';
import type { FileStore } from './store';

/** `s3://bucket/some/prefix` → bucket and `some/prefix/`; config.ts has already checked the form. */
function objectLocation(url: string, endpoint: string | undefined): ObjectLocation {
  const [, bucket, path = ''] = /^[a-z0-9]+:\/\/([^/]+)(.*)$/.exec(url)!;
  const prefix = path.replace(/^\/+|\/+$/g, '');
  return { url, bucket, prefix: prefix ? `${prefix}/` : '', endpoint };
}

/** The one store of the app (buildApp puts it on the context): FILE_STORE's bucket, or DATA_DIR/uploads. */
export function createFileStore(config: Pick<AppConfig, 'dataDir' | 'fileStore'>): FileStore {
  const setting = config.fileStore;
  if (!setting) return localFileStore(config.dataDir);
  const location = objectLocation(setting.url, setting.endpoint);
  return objectFileStore(setting.url.startsWith('s3:') ? s3Bucket(location) : gcsBucket(location), location, config.dataDir);
}

/** FILE_STORE with the endpoint its SDK would use: AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL, or STORAGE_EMULATOR_HOST. */
export function fileStoreFromEnv(url: string | undefined, env: NodeJS.ProcessEnv): AppConfig['fileStore'] {
  if (!url) return undefined;
  const endpoint = url.startsWith('s3:') ? env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL : env.STORAGE_EMULATOR_HOST;
  return { url, endpoint: endpoint || undefined };
}
