import type { Storage, StorageOptions } from '@google-cloud/storage';
import { TaskFailure } from '../task-failure';
import type { Poster, PostTarget } from './poster';

/** bucket[/prefix] of the target location. */
function bucketAndPrefix(location: string): { bucket: string; prefix: string } {
  const [bucket, ...rest] = location.split('/');
  const prefix = rest.join('/').replace(/^\/+|\/+$/g, '');
  return { bucket, prefix: prefix ? `${prefix}/` : '' };
}

/**
 * The client for a target. The secret is a service-account JSON key; `apiEndpoint` points the
 * client at another GCS JSON API server (an emulator, or the tests' fake), which the client then
 * calls without authentication.
 */
async function storageFor(target: PostTarget): Promise<Storage> {
  const options: StorageOptions = { projectId: target.data.projectId || undefined, retryOptions: { maxRetries: 2 } };
  if (target.data.apiEndpoint) {
    // The client connects by itself: its endpoint is checked before it is handed over.
    await target.outbound.checkEndpoint(target.data.apiEndpoint).catch((error: Error) => {
      throw new TaskFailure('TARGET_ERROR', `GCS was not called: ${error.message}`);
    });
    options.apiEndpoint = target.data.apiEndpoint;
  }
  if (target.secret) {
    try {
      options.credentials = JSON.parse(target.secret);
    } catch {
      throw new TaskFailure('TARGET_AUTH', 'The GCS secret must be a service-account JSON key.');
    }
    // The key names the token endpoint the client signs in at; it is an admin-typed URL too.
    const tokenUri = (options.credentials as { token_uri?: unknown }).token_uri;
    if (typeof tokenUri === 'string') {
      await target.outbound.checkEndpoint(tokenUri).catch((error: Error) => {
        throw new TaskFailure('TARGET_AUTH', `The GCS key's token_uri was not called: ${error.message}`);
      });
    }
  } else if (!target.data.apiEndpoint) {
    throw new TaskFailure('TARGET_AUTH', 'The GCS target has no service-account key.');
  }
  // Loaded on first use, like the Snowflake driver, to keep server startup quick.
  const { Storage } = await import('@google-cloud/storage');
  return new Storage(options);
}

/** An HTTP error's JSON message is GCS's own sentence; any other body (an error page) is not repeated, only its status. */
function gcsMessage(error: unknown): string {
  const { code, message, response } = error as { code?: unknown; message: string; response?: { headers?: Record<string, unknown> | Headers } };
  if (typeof code !== 'number') return message;
  const headers = response?.headers;
  const type = headers instanceof Headers ? headers.get('content-type') : headers?.['content-type'];
  return /json/i.test(String(type ?? '')) ? message : `HTTP ${code}`;
}

function asFailure(error: unknown): TaskFailure {
  if (error instanceof TaskFailure) return error;
  const code = (error as { code?: number }).code;
  const message = gcsMessage(error);
  return code === 401 || code === 403 ? new TaskFailure('TARGET_AUTH', `GCS refused the credentials: ${message}`) : new TaskFailure('TARGET_ERROR', `GCS: ${message}`);
}

export const gcsPoster: Poster = {
  async post(target, file) {
    const { bucket, prefix } = bucketAndPrefix(target.location);
    const name = `${prefix}${file.name}`;
    try {
      // upload() streams the file from disk.
      await (await storageFor(target)).bucket(bucket).upload(file.path, { destination: name, resumable: false, contentType: 'text/csv; charset=utf-8', validation: 'md5' });
    } catch (error) {
      throw asFailure(error);
    }
    return { location: `gs://${bucket}/${name}` };
  },
  async testConnection(target) {
    const { bucket } = bucketAndPrefix(target.location);
    try {
      await (await storageFor(target)).bucket(bucket).getMetadata();
      return { ok: true, message: `The bucket ${bucket} is reachable.` };
    } catch (error) {
      return { ok: false, message: asFailure(error).message };
    }
  },
};
