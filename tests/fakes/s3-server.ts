import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  url: string;
  /** Stops answering (the port then refuses connections); the objects stay on disk. */
  stop(): Promise<void>;
  /** Stops, if still running, and removes its folder. */
  close(): Promise<void>;
}

/** s3rver on a free port of 127.0.0.1, with its buckets in a new temporary folder. */
export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'console-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    // close() alone waits for the SDK's keep-alive connections to go idle.
    server.httpServer.closeAllConnections();
    await server.close();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    stop,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The credentials s3rver checks request signatures against, through the SDK's standard variables. */
export function useS3rverCredentials(): void {
  Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
}
