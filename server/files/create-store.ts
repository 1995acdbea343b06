import { FILE_STORE_TIMEOUT_MS, type AppConfig } from '../config';
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
  const bucket = setting.url.startsWith('s3:') ? s3Bucket(location) : gcsBucket(location);
  return objectFileStore(bucket, location, config.dataDir, setting.timeoutMs ?? FILE_STORE_TIMEOUT_MS);
}

/** FILE_STORE with the endpoint its SDK would use (AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL, or STORAGE_EMULATOR_HOST) and FILE_STORE_TIMEOUT_MS. */
export function fileStoreFromEnv(vars: { FILE_STORE?: string; FILE_STORE_TIMEOUT_MS: number }, env: NodeJS.ProcessEnv): AppConfig['fileStore'] {
  const url = vars.FILE_STORE;
  if (!url) return undefined;
  const endpoint = url.startsWith('s3:') ? env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL : env.STORAGE_EMULATOR_HOST;
  return { url, endpoint: endpoint || undefined, timeoutMs: vars.FILE_STORE_TIMEOUT_MS };
}
