import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../http/app-error';
import { SNIFF_BYTES } from './kinds';
import { isOutOfSpace, OutOfSpaceError } from './store-errors';
import type { ServerMessage } from '../../src/i18n/serverMessage';

export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
  /** The leading bytes, for the kind check. */
  head: Buffer;
}

/**
 * Streams an upload into `tempPath`, hashing it and keeping its first bytes. Past `maxBytes` the
 * transfer is aborted and the partial file removed, so an oversize upload leaves nothing behind.
 */
export async function receiveToTemp(source: Readable, tempPath: string, maxBytes: number, tooLargeMessage: ServerMessage): Promise<ReceivedFile> {
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage, { errors: [{ field: 'file', message: tooLargeMessage }] }));
      hash.update(chunk);
      if (headLength < SNIFF_BYTES) {
        headChunks.push(chunk);
        headLength += chunk.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(tempPath, { flags: 'wx' }));
  } catch (error) {
    await rm(tempPath, { force: true });
    throw isOutOfSpace(error) ? new OutOfSpaceError(error) : error;
  }
  return { tempPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks).subarray(0, SNIFF_BYTES) };
}
